import { describe, expect, it } from 'vitest';
import { branchLoopGraph } from '../../test-support/seed-graphs.ts';
import { drawGraph } from './draw-graph.ts';
import { renderHtml } from './render-html.ts';
import { viewerAssets } from './viewer-assets.ts';

describe('viewerAssets', () => {
  it("is the static viewer's own canvas code and styles: the page renderHtml writes inlines the same text", async () => {
    const { css, script } = viewerAssets();
    const html = await renderHtml(branchLoopGraph());
    expect(html).toContain(`<style>${css}</style>`);
    expect(html).toContain(`<script>(() => {\n'use strict';\n${script}\n`);
    expect(script).toMatch(/^function mountViewer\(model, svg, canvas, details\) \{$/m);
    expect(script).toMatch(/^function el\(tag, cls, text\) \{$/m);
    // Declarations only: nothing at the top level reads the page.
    expect(script).not.toMatch(/^(const|let|var) \w+ = .*(document|byId)/m);
    expect((await drawGraph(branchLoopGraph())).css).toBe(css);
  });
});

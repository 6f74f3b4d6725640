import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { viewerAssets } from '@weft/viz';
import { describe, expect, it } from 'vitest';
import { PAGE_SCRIPTS } from './studio-page.ts';

// The page's scripts are plain JS (inlined as they are) with `// @ts-check`: checked here against the DOM types,
// together with the viz viewer code they are inlined after, as the page runs them.
describe("the studio page's browser scripts", () => {
  it('type-check under strict // @ts-check with the DOM library', () => {
    const viewer = join(mkdtempSync(join(tmpdir(), 'weft-studio-page-')), 'viz-viewer.js');
    writeFileSync(viewer, viewerAssets().script);
    const files = [viewer, ...PAGE_SCRIPTS.map((f) => fileURLToPath(new URL(`./${f}`, import.meta.url)))];
    const program = ts.createProgram(files, {
      allowJs: true,
      checkJs: true,
      noEmit: true,
      strict: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts', 'lib.dom.asynciterable.d.ts'],
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
      return `${d.file?.fileName.split('/').pop() ?? ''}:${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(problems).toEqual([]);
  }, 30_000);
});

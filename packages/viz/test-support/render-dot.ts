import { spawnSync } from 'node:child_process';

/** What `dot -Tsvg` made of a DOT text. */
export interface DotRender {
  status: number | null;
  stderr: string;
  svg: string;
}

/**
 * Renders DOT with Graphviz's `dot -Tsvg`. A missing Graphviz fails the test
 * (CI installs it) rather than skipping it, so a broken DOT never passes unseen.
 */
export function renderDot(text: string): DotRender {
  const result = spawnSync('dot', ['-Tsvg'], { input: text, encoding: 'utf8', timeout: 30_000 });
  if (result.error) {
    throw new Error(`could not run Graphviz \`dot\` (${result.error.message}); install it (apt-get install graphviz) to run these tests`);
  }
  return { status: result.status, stderr: result.stderr, svg: result.stdout };
}

/** How many `<g class="…">` groups of a class the SVG has (Graphviz writes one per node, edge and cluster). */
export function countGroups(svg: string, cls: 'node' | 'edge' | 'cluster'): number {
  return svg.match(new RegExp(`<g id="[^"]*" class="${cls}">`, 'g'))?.length ?? 0;
}

/**
 * Draws docs/architecture.md's diagrams from the code: which folder of
 * @weft/graph imports which, and which @weft package imports which. Both come
 * from one dependency-cruiser pass over packages/<name>/src (type imports
 * included, tests left out), collapsed to folders and packages, and replace
 * the mermaid blocks between the page's markers.
 *
 * `pnpm architecture` rewrites the page; `pnpm architecture --check` (run by
 * `pnpm lint`) exits 1 when the committed diagrams differ from the code's.
 */
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const PAGE = join(ROOT, 'docs', 'architecture.md');
const GRAPH_SRC = 'packages/graph/src/';

type Edge = readonly [from: string, to: string];

/** Every import between two source files of the workspace's packages (tests excluded). */
async function sourceImports(): Promise<Edge[]> {
  const options = await extractDepcruiseOptions(join(ROOT, '.dependency-cruiser.cjs'));
  const roots = readdirSync(join(ROOT, 'packages')).map((name) => `packages/${name}/src`);
  const cwd = process.cwd();
  process.chdir(ROOT);
  try {
    const { output } = await cruise(roots, {
      ...options,
      validate: false,
      exclude: { path: '(^|/)(dist|node_modules|test-support)/|\\.test(-d)?\\.ts$' },
    });
    const result = output as ICruiseResult;
    return result.modules.flatMap((m) => m.dependencies.map((d): Edge => [m.source, d.resolved]));
  } finally {
    process.chdir(cwd);
  }
}

/** The folder (or root file) of @weft/graph's src a path is in, or undefined outside it. */
function graphLayer(path: string): string | undefined {
  if (!path.startsWith(GRAPH_SRC)) return undefined;
  const [first, second] = path.slice(GRAPH_SRC.length).split('/');
  return second === undefined ? first : `${first}/`;
}

/** The package a source path belongs to (`packages/graph/src/x.ts` → `graph`), or undefined. */
function packageOf(path: string): string | undefined {
  return /^packages\/([^/]+)\/src\//.exec(path)?.[1];
}

/** Distinct edges between groups, leaving out edges inside a group and the groups in `skip`. */
function collapse(edges: Edge[], group: (path: string) => string | undefined, skip: ReadonlySet<string>): Edge[] {
  const seen = new Map<string, Edge>();
  for (const [from, to] of edges) {
    const a = group(from);
    const b = group(to);
    if (a === undefined || b === undefined || a === b || skip.has(a) || skip.has(b)) continue;
    seen.set(`${a}\0${b}`, [a, b]);
  }
  return [...seen.values()];
}

/** Nodes lowest first (what nothing below imports), ties by name, so the drawing is stable. */
function bottomUp(edges: Edge[]): string[] {
  const nodes = [...new Set(edges.flat())].sort();
  const placed: string[] = [];
  const left = new Set(nodes);
  while (left.size > 0) {
    const ready = [...left].filter((n) => !edges.some(([a, b]) => a === n && left.has(b)));
    // A cycle (the layer check fails on it first): place the rest by name.
    for (const n of ready.length > 0 ? ready : [...left]) {
      placed.push(n);
      left.delete(n);
    }
  }
  return placed;
}

function mermaid(edges: Edge[], label: (node: string) => string): string {
  const order = bottomUp(edges).reverse();
  const id = (node: string) => `n${order.indexOf(node)}`;
  const sorted = [...edges].sort(([a1, b1], [a2, b2]) => order.indexOf(a1) - order.indexOf(a2) || order.indexOf(b1) - order.indexOf(b2));
  return [
    '```mermaid',
    'flowchart TD',
    ...order.map((n) => `  ${id(n)}["${label(n)}"]`),
    ...sorted.map(([a, b]) => `  ${id(a)} --> ${id(b)}`),
    '```',
  ].join('\n');
}

function replaceBlock(page: string, marker: string, body: string): string {
  const start = `<!-- ${marker}:start (pnpm architecture writes this block) -->`;
  const end = `<!-- ${marker}:end -->`;
  const from = page.indexOf(start);
  const to = page.indexOf(end);
  if (from === -1 || to < from) throw new Error(`docs/architecture.md has no "${start}" … "${end}" block`);
  // Blank lines around the block, as Prettier writes Markdown.
  return `${page.slice(0, from + start.length)}\n\n${body}\n\n${page.slice(to)}`;
}

async function main(): Promise<number> {
  const edges = await sourceImports();
  // errors.ts is imported by every layer and index.ts imports them all: drawn, they would hide the layers.
  const layers = collapse(edges, graphLayer, new Set(['errors.ts', 'index.ts']));
  const packages = collapse(edges, packageOf, new Set());
  const before = readFileSync(PAGE, 'utf8');
  let after = replaceBlock(
    before,
    'graph-layers',
    mermaid(layers, (n) => n),
  );
  after = replaceBlock(
    after,
    'packages',
    mermaid(packages, (n) => `@weft/${n}`),
  );
  if (process.argv.includes('--check')) {
    if (after === before) return 0;
    console.error('docs/architecture.md: the diagrams no longer match the imports; run `pnpm architecture` and commit the page.');
    return 1;
  }
  if (after !== before) writeFileSync(PAGE, after);
  console.log(after === before ? 'docs/architecture.md is up to date' : 'docs/architecture.md: diagrams rewritten');
  return 0;
}

process.exitCode = await main();

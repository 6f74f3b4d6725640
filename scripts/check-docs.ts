/**
 * Runs the examples in README.md, docs/**\/*.md and packages/*\/README.md. A ```ts block
 * whose first line is `// @check` is written to docs/.check/<page-slug>-<n>.ts
 * and run with `node --import tsx` from docs/ (so '@weft/graph' resolves
 * through docs/package.json like in a user's project, for the packages'
 * READMEs too). When a ```text block starting with `// output` follows it, the
 * program's stdout must equal the rest of that block; otherwise it must exit 0.
 *
 *   tsx scripts/check-docs.ts [--update] [docs/graph/running.md packages/graph/README.md …]
 *
 * `--update` rewrites the output blocks of examples that ran but printed
 * something else (review the diff before committing it).
 *
 * `examplesOf` and `outputProblem` are also what scripts/consumer-test runs
 * docs/guides/use-weft.md with, against the packed packages.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const PACKAGES = join(ROOT, 'packages');
const OUT = join(DOCS, '.check');
const PARALLEL = 2;
const TIMEOUT_MS = 60_000;

/** `name` is the page and the example's number on it: `docs/graph/running.md#2`, `packages/graph/README.md#1`. */
export type Example = { name: string; page: string; file: string; code: string; expected: string | undefined; output?: Fence };
/** A fenced block: its language, its lines, and the line numbers of its opening and closing fences. */
type Fence = { lang: string; body: string[]; open: number; close: number };

/** Markdown files under `dir`, sorted, skipping node_modules and dot-folders. */
async function pages(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await pages(path)));
    else if (entry.name.endsWith('.md')) found.push(path);
  }
  return found.sort();
}

/** The README.md of every package, sorted: what npm shows for it. */
async function readmes(): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(PACKAGES, { withFileTypes: true })) {
    const path = join(PACKAGES, entry.name, 'README.md');
    if (entry.isDirectory() && existsSync(path)) found.push(path);
  }
  return found.sort();
}

function fences(lines: string[]): Fence[] {
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    let close = i + 1;
    while (close < lines.length && !/^```\s*$/.test(lines[close]!)) close++;
    out.push({ lang: open[1]!, body: lines.slice(i + 1, close), open: i, close });
    i = close;
  }
  return out;
}

export async function examplesOf(page: string): Promise<Example[]> {
  const lines = (await readFile(page, 'utf8')).split(/\r?\n/);
  const rel = relative(ROOT, page);
  // docs/graph/running.md → graph-running, packages/graph/README.md → packages-graph-README.
  const slug = rel.replace(/^docs\/|\.md$/g, '').replaceAll('/', '-');
  const all = fences(lines);
  const examples: Example[] = [];
  all.forEach((fence, i) => {
    if (fence.lang !== 'ts' || fence.body[0]?.trim() !== '// @check') return;
    const next = all[i + 1];
    const adjacent = next && lines.slice(fence.close + 1, next.open).every((l) => l.trim() === '');
    const output = adjacent && next.lang === 'text' && next.body[0]?.trim() === '// output' ? next.body.slice(1).join('\n') : undefined;
    const n = examples.length + 1;
    const file = join(OUT, `${slug}-${n}.ts`);
    const ex: Example = { name: `${rel}#${n}`, page, file, code: fence.body.join('\n') + '\n', expected: output };
    if (output !== undefined) ex.output = next;
    examples.push(ex);
  });
  return examples;
}

/** Trailing whitespace is not significant, per line or at the end. */
const normalize = (text: string): string => text.replace(/[ \t\r]+$/gm, '').trimEnd();
const indent = (text: string): string => text.trimEnd().replace(/^/gm, '    ');

function execute(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: DOCS,
      env: { ...process.env, NO_COLOR: '1' },
      timeout: TIMEOUT_MS,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => done({ code: null, stdout, stderr: stderr + String(err) }));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** What `--update` will write back: page → output fence → new lines. */
const updates = new Map<string, { fence: Fence; lines: string[] }[]>();

/** Undefined when the example passes, else what went wrong. */
async function check(ex: Example, update: boolean): Promise<string | undefined> {
  await writeFile(ex.file, ex.code);
  const { code, stdout, stderr } = await execute(ex.file);
  if (update && code === 0 && ex.output && normalize(stdout) !== normalize(ex.expected ?? '')) {
    const list = updates.get(ex.page) ?? [];
    list.push({ fence: ex.output, lines: normalize(stdout).split('\n') });
    updates.set(ex.page, list);
    return undefined;
  }
  if (code !== 0) return `${code === null ? 'was killed (timeout?)' : `exited with ${code}`}\n${indent(stderr || stdout)}`;
  return outputProblem(ex.expected, stdout);
}

/** Undefined when `stdout` matches the example's output block (or it has none), else a line diff. */
export function outputProblem(expected: string | undefined, stdout: string): string | undefined {
  if (expected === undefined) return undefined;
  const want = normalize(expected).split('\n');
  const got = normalize(stdout).split('\n');
  if (want.join('\n') === got.join('\n')) return undefined;
  const diff: string[] = [];
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] === got[i]) diff.push(`  ${want[i]}`);
    else {
      if (want[i] !== undefined) diff.push(`- ${want[i]}`);
      if (got[i] !== undefined) diff.push(`+ ${got[i]}`);
    }
  }
  return `stdout differs (- expected, + actual):\n${indent(diff.join('\n'))}`;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const update = args.includes('--update');
  const only = args.filter((a) => a !== '--update').map((p) => resolve(p));
  const files = [join(ROOT, 'README.md'), ...(await pages(DOCS)), ...(await readmes())].filter(
    (p) => only.length === 0 || only.includes(p),
  );
  const examples = (await Promise.all(files.map(examplesOf))).flat();
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  // PARALLEL lanes, each running its share in turn; results are reported in page order.
  const lanes: Promise<unknown>[] = Array.from({ length: PARALLEL }, () => Promise.resolve());
  const results = examples.map((ex, i) => {
    const result = lanes[i % PARALLEL]!.then(() => check(ex, update));
    lanes[i % PARALLEL] = result;
    return result;
  });
  let failed = 0;
  for (const [i, result] of results.entries()) {
    const problem = await result;
    if (problem) failed++;
    console.log(problem ? `FAIL ${examples[i]!.name}\n${problem}` : `ok  ${examples[i]!.name}`);
  }
  for (const [page, list] of updates) {
    const lines = (await readFile(page, 'utf8')).split('\n');
    // Bottom-up, so earlier line numbers stay valid.
    for (const { fence, lines: out } of list.sort((a, b) => b.fence.open - a.fence.open)) {
      lines.splice(fence.open + 2, fence.close - fence.open - 2, ...out);
    }
    await writeFile(page, lines.join('\n'));
    console.log(`updated ${list.length} output block(s) in ${relative(ROOT, page)}`);
  }
  const summary = `${examples.length - failed} of ${examples.length} examples passed in ${files.length} pages`;
  console.log(`\n${summary}${failed ? `, ${failed} failed` : ''}`);
  return failed || examples.length === 0 ? 1 : 0;
}

// Run as a script, not when imported.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();

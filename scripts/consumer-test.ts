/**
 * The consumer test: Weft as a user installs it, outside this workspace.
 *
 *   pnpm consumer-test [--keep]
 *
 * 1. builds every package (turbo: unchanged ones come from its cache) and
 *    packs the published ones with pnpm, as `pnpm publish` would;
 * 2. checks each tarball: `publint --strict`, `attw --profile esm-only`,
 *    `npm publish --dry-run`;
 * 3. writes a project in a temporary folder that depends on the tarballs and
 *    installs it with plain `npm` (no pnpm, no workspace, no source
 *    condition), then checks the install: one copy of each package, each
 *    resolving to its dist/, and no installed package refusing Node 20.15 or
 *    this Node in its `engines`;
 * 4. plain `node` runs an ES module that builds a graph and an agent, stops
 *    both at an interrupt on a SQLite file, and resumes both in a second
 *    process (project/approval.mjs), and serves an agent over A2A that a
 *    second agent calls by URL, its tasks in SQLite (project/a2a.mjs);
 * 5. `tsc --noEmit` under strict NodeNext with skipLibCheck off
 *    (project/types.ts, and the docs page's examples);
 * 6. runs the examples of docs/guides/use-weft.md and of the CLI's README,
 *    and the `npx weft …` commands they show, comparing their output with
 *    the page;
 * 7. `weft graph --format html` and `weft replay`: the viewer's files from
 *    the installed @weft/viz;
 * 8. `weft serve`: the studio's page and API from the installed @weft/studio
 *    (check-studio.ts);
 * 9. `weft init` a new project and runs its scripts (check-scaffold.ts).
 *
 * Prints `ok`/`FAIL` per step and exits with 1 at the first failure. The
 * temporary folders are removed unless --keep (or a failure) keeps them.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { examplesOf, outputProblem } from './check-docs.ts';
import { engineProblems, OLDEST_NODE } from './consumer-test/check-engines.ts';
import { checkLayout } from './consumer-test/check-layout.ts';
import { packageShapeProblems } from './consumer-test/check-package-shape.ts';
import { scaffoldProblem } from './consumer-test/check-scaffold.ts';
import { studioProblem } from './consumer-test/check-studio.ts';
import { consumerEnv } from './consumer-test/consumer-env.ts';
import { createProject, type ConsumerProject } from './consumer-test/create-project.ts';
import { packPackages, type PackedPackage } from './consumer-test/pack-packages.ts';
import { normalizeCommandOutput, pageCommands } from './consumer-test/page-commands.ts';
import { describeFailure, runCommand } from './consumer-test/run-command.ts';

const ROOT = resolve(import.meta.dirname, '..');
/** The pages whose examples and `npx weft …` commands a new user follows: they run against the tarballs. */
const PAGES = [join(ROOT, 'docs', 'guides', 'use-weft.md'), join(ROOT, 'packages', 'cli', 'README.md')];
const keep = process.argv.includes('--keep');

const work = await mkdtemp(join(tmpdir(), 'weft-consumer-'));
const dir = join(work, 'project');
const env = consumerEnv(dir);
const run = (file: string, args: string[], timeoutMs = 300_000) => runCommand(file, args, { cwd: dir, env, timeoutMs });

let packed: PackedPackage[] = [];
let project: ConsumerProject | undefined;

/** One step: its name, and the work that returns a failure text (or undefined when it passed). */
const STEPS: [string, () => Promise<string | undefined>][] = [
  [
    'build and pack',
    async () => {
      const build = await runCommand('npx', ['-y', 'pnpm@10.34.9', 'build'], { cwd: ROOT, env: process.env, timeoutMs: 600_000 });
      if (build.code !== 0) return describeFailure('pnpm build', build);
      packed = await packPackages(ROOT, join(work, 'tarballs'), { env: process.env, timeoutMs: 300_000 });
      return undefined;
    },
  ],
  ['publint, attw, npm publish --dry-run', async () => (await packageShapeProblems(ROOT, packed, env)).join('\n') || undefined],
  [
    'npm install in a new project',
    async () => {
      project = await createProject(ROOT, dir, packed, (await Promise.all(PAGES.map(examplesOf))).flat());
      const r = await run('npm', ['install', '--no-audit', '--no-fund'], 900_000);
      return r.code === 0 ? undefined : describeFailure('npm install', r);
    },
  ],
  ['one copy of each package, from dist/', () => checkLayout(dir, packed, env)],
  [
    `every installed package accepts node ${OLDEST_NODE} and ${process.versions.node}`,
    async () => (await engineProblems(dir)).join('\n') || undefined,
  ],
  [
    'plain node: interrupt in one process, resume in another (SQLite)',
    async () => {
      const db = join(dir, 'approval.db');
      const start = await run(process.execPath, ['approval.mjs', 'start', db]);
      if (start.code !== 0) return describeFailure('node approval.mjs start', start);
      const { graphThread, agentCheckpoint } = JSON.parse(start.stdout) as { graphThread: string; agentCheckpoint: string };
      const resumed = await run(process.execPath, ['approval.mjs', 'resume', db, graphThread, agentCheckpoint]);
      return resumed.code === 0 ? undefined : describeFailure('node approval.mjs resume', resumed);
    },
  ],
  [
    'plain node: an agent served over A2A and called by URL, tasks in SQLite (project/a2a.mjs)',
    async () => {
      const r = await run(process.execPath, ['a2a.mjs', dir]);
      return r.code === 0 && r.stdout.startsWith('a2a ok:') ? undefined : describeFailure('node a2a.mjs', r);
    },
  ],
  [
    'tsc --noEmit, strict NodeNext, skipLibCheck off',
    async () => {
      const r = await run(join(dir, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', '.']);
      return r.code === 0 ? undefined : describeFailure('tsc', r);
    },
  ],
  [
    'the examples of the Use Weft page and the CLI README',
    async () => {
      const failures = [];
      for (const { example, file } of project!.examples) {
        const r = await run(process.execPath, ['--import', 'tsx', file], 120_000);
        const problem = r.code === 0 ? outputProblem(example.expected, r.stdout) : describeFailure(example.name, r);
        if (problem) failures.push(`${example.name}: ${problem}`);
      }
      return failures.join('\n') || undefined;
    },
  ],
  [
    'the weft commands of the Use Weft page and the CLI README',
    async () => {
      const failures = [];
      for (const page of PAGES) {
        const commands = await pageCommands(page);
        if (!commands.some((c) => c.expected !== undefined)) failures.push(`${page} shows no \`npx weft …\` command with its output`);
        for (const { command, expected } of commands) {
          const r = await run('bash', ['-c', command], 120_000);
          const problem = r.code === 0 ? outputProblem(expected, normalizeCommandOutput(r.stdout)) : describeFailure(command, r);
          if (problem) failures.push(`${command}: ${problem}`);
        }
      }
      return failures.join('\n') || undefined;
    },
  ],
  [
    'weft graph --format html and weft replay (the viewer from the installed @weft/viz)',
    async () => {
      const failures = [];
      for (const [args, file] of [
        [['graph', 'agent.ts', '--format', 'html', '-o', 'agent.html'], 'agent.html'],
        [['replay', '-o', 'replay.html', '--', 't1'], 'replay.html'],
      ] as const) {
        const r = await run(join(dir, 'node_modules', '.bin', 'weft'), [...args], 120_000);
        if (r.code !== 0) failures.push(describeFailure(`weft ${args.join(' ')}`, r));
        else {
          const page = await readFile(join(dir, file), 'utf8');
          // The page embeds the viewer's script and the drawing: an empty shell would still be "written".
          if (!page.includes('<svg') || !page.includes('Billing') || !page.includes("'use strict'"))
            failures.push(`${file} lacks the drawing or the viewer's script (${page.length} bytes)`);
        }
      }
      return failures.join('\n') || undefined;
    },
  ],
  ['weft serve: Weft Studio from the installed @weft/studio', () => studioProblem(dir, env)],
  [
    'weft init, then the new project’s scripts',
    () => scaffoldProblem(dir, join(work, 'scaffold'), packed, consumerEnv(join(work, 'scaffold'))),
  ],
];

let failed = false;
for (const [name, work] of STEPS) {
  const started = performance.now();
  let problem: string | undefined;
  try {
    problem = await work();
  } catch (err) {
    problem = err instanceof Error ? (err.stack ?? err.message) : String(err);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(problem ? `FAIL ${name} (${seconds} s)\n${problem.replace(/^/gm, '  ')}` : `ok   ${name} (${seconds} s)`);
  if (problem) {
    failed = true;
    break;
  }
}
if (keep || failed) console.log(`\nthe consumer project is kept in ${work}`);
else await rm(work, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;

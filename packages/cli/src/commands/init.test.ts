/**
 * `weft init [dir]`: the files it writes, the folders it refuses, the next
 * steps it prints; then the project it wrote, inside this workspace (so
 * @weft/* resolve to the sources): its test passes, its templates use Zod
 * schemas, and its npm scripts run as its README says. That it type-checks
 * with its own tsconfig (a whole tsc run) is checked by
 * scripts/check-init-project.ts (`pnpm --filter @weft/cli run check:init`).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test-support/run-main.ts';
import { normalizeIds, tempDir, weftShell } from '../../test-support/spawn-weft.ts';
import { initCommand } from './init.ts';

const CLI_PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const WEFT = `^${CLI_PACKAGE.version}`;
const FILES = [
  'package.json',
  'tsconfig.json',
  'src/agent.ts',
  'src/graph.ts',
  'test/project.test.ts',
  'order.json',
  '.gitignore',
  'README.md',
];
const REFUSED_HINT =
  'hint: name a new folder (weft init <dir>), or add --force to write the project files here, replacing files of the same name\n';

/** Every file under `dir`, as sorted paths with `/`. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/** What `weft init` prints after writing `dir`, with `cd <cdArg>` when it is not the current folder. */
function nextSteps(dir: string, cdArg?: string): string {
  return [
    `created a Weft project in ${dir}: ${FILES.join(', ')}`,
    '',
    'next:',
    ...(cdArg === undefined ? [] : [`  cd ${cdArg}`]),
    '  npm install',
    '  npm test        # the agent and the graph, offline (node:test)',
    '  npm start       # runs the agent: it stops to ask before booking and prints the weft resume command',
    '  npm run order   # runs the graph on order.json',
    '',
  ].join('\n');
}

describe('weft init', () => {
  const cwd = realpathSync(tempDir());
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('writes a project into a new folder and prints the next steps', async () => {
    const dir = join(cwd, 'my-app');
    expect(await runMain(['init', 'my-app'], cwd)).toEqual({ code: 0, stdout: nextSteps(dir, 'my-app'), stderr: '' });
    expect(filesIn(dir)).toEqual([...FILES].sort());

    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toEqual({
      name: 'my-app',
      version: '0.1.0',
      private: true,
      type: 'module',
      scripts: {
        start: 'weft run src/agent.ts --query "Book two nights in Lisbon"',
        order: 'weft run src/graph.ts --input @order.json',
        threads: 'weft threads',
        test: 'node --import tsx --test test/project.test.ts',
        typecheck: 'tsc',
      },
      // zod for the templates' schemas, at the range the CLI itself is tested with.
      dependencies: {
        '@weft/agents': WEFT,
        '@weft/graph': WEFT,
        '@weft/models': WEFT,
        '@weft/store-sqlite': WEFT,
        zod: CLI_PACKAGE.devDependencies['zod'],
      },
      // The tools at the ranges the CLI itself is built with.
      devDependencies: {
        '@types/node': CLI_PACKAGE.devDependencies['@types/node'],
        '@weft/cli': WEFT,
        tsx: CLI_PACKAGE.dependencies['tsx'],
        typescript: CLI_PACKAGE.devDependencies['typescript'],
      },
    });
    const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
      include: string[];
    };
    expect(tsconfig.compilerOptions).toMatchObject({ module: 'NodeNext', strict: true, noUncheckedIndexedAccess: true, noEmit: true });
    expect(tsconfig.include).toEqual(['src', 'test']);
    expect(JSON.parse(readFileSync(join(dir, 'order.json'), 'utf8'))).toEqual({ item: 'tea', quantity: 3 });
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe('node_modules\n.weft\n');
    expect(readFileSync(join(dir, 'README.md'), 'utf8').split('\n')[0]).toBe('# my-app');
    // One style with the README: Zod schemas for the tool's arguments and the graph's input, no hand-written generics.
    expect(readFileSync(join(dir, 'src/agent.ts'), 'utf8')).toContain(
      'parameters: z.object({ city: z.string(), nights: z.number().int().min(1) }),',
    );
    expect(readFileSync(join(dir, 'src/graph.ts'), 'utf8')).toContain("defineGraph({ name: 'order', input: Order, output: z.string() })");
  });

  it('writes into the current folder without a cd step, named after the folder', async () => {
    const dir = join(cwd, 'Order Desk!');
    mkdirSync(dir);
    expect(await runMain(['init'], dir)).toEqual({ code: 0, stdout: nextSteps(dir), stderr: '' });
    // A folder name made into a valid npm package name.
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toMatchObject({ name: 'order-desk' });
  });

  it('quotes the cd step for the shell, and creates missing parent folders', async () => {
    const result = await runMain(['init', 'two words/app'], cwd);
    expect(result).toEqual({ code: 0, stdout: nextSteps(join(cwd, 'two words', 'app'), `'two words/app'`), stderr: '' });
    const outside = await runMain(['init', join(cwd, 'elsewhere')], join(cwd, 'my-app'));
    expect(outside.stdout).toBe(nextSteps(join(cwd, 'elsewhere'), '../elsewhere'));
  });

  it('refuses a folder that is not empty, and writes nothing into it', async () => {
    const dir = join(cwd, 'busy');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(await runMain(['init', 'busy'], cwd)).toEqual({
      code: 1,
      stdout: '',
      stderr: `weft: ${dir} is not empty: notes.txt\n${REFUSED_HINT}`,
    });
    expect(filesIn(dir)).toEqual(['notes.txt']);
    await expect(initCommand.execute(['busy'], { cwd, env: {}, stdout: () => {}, stderr: () => {} })).rejects.toMatchObject({
      code: 'FOLDER_NOT_EMPTY',
      exitCode: 1,
    });

    // A project there already: the first five entries, then how many there are.
    const full = await runMain(['init', 'my-app'], cwd);
    expect(full).toEqual({
      code: 1,
      stdout: '',
      stderr: `weft: ${join(cwd, 'my-app')} is not empty: .gitignore, README.md, order.json, package.json, src, … (7 entries)\n${REFUSED_HINT}`,
    });
  });

  it('--force writes into a folder that is not empty, replacing files of the same name only', async () => {
    const dir = join(cwd, 'forced');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    writeFileSync(join(dir, 'package.json'), '{"name":"old"}');
    expect(await runMain(['init', 'forced', '--force', '--no-install'], cwd)).toEqual({
      code: 0,
      stdout: nextSteps(dir, 'forced'),
      stderr: '',
    });
    expect(filesIn(dir)).toEqual([...FILES, 'notes.txt'].sort());
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine');
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toMatchObject({ name: 'forced', type: 'module' });
  });

  it('accepts a folder that holds only .git (git init first is common)', async () => {
    const dir = join(cwd, 'repo');
    mkdirSync(join(dir, '.git'), { recursive: true });
    writeFileSync(join(dir, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    expect(await runMain(['init', 'repo'], cwd)).toEqual({ code: 0, stdout: nextSteps(dir, 'repo'), stderr: '' });
    expect(filesIn(dir)).toEqual([...FILES, '.git/HEAD'].sort());
  });

  it('refuses a file, and a second folder', async () => {
    writeFileSync(join(cwd, 'a-file'), 'x');
    expect(await runMain(['init', 'a-file'], cwd)).toEqual({
      code: 1,
      stdout: '',
      stderr: `weft: ${join(cwd, 'a-file')} is a file, not a folder\nhint: name a new folder: weft init <dir>\n`,
    });
    expect(readFileSync(join(cwd, 'a-file'), 'utf8')).toBe('x');
    expect(await runMain(['init', 'one', 'two'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: init: unexpected argument "two"\nhint: quote values with spaces; weft init --help shows its options\n',
    });
  });
});

/**
 * The project as `weft init` writes it, in a folder of this package (its
 * @weft/* imports resolve to the workspace's sources, as the installed
 * packages would to their builds): a test that fails or a script that does
 * not run is caught here, a template that stops compiling by check:init,
 * before the consumer test installs the packed packages.
 */
describe('the project weft init writes', () => {
  const artifacts = fileURLToPath(new URL('../../test-artifacts/', import.meta.url));
  let dir = '';
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    dir = join(mkdtempSync(join(artifacts, 'init-')), 'travel');
    expect((await runMain(['init', dir], artifacts)).code).toBe(0);
  });
  afterAll(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('passes its own test (node:test through tsx)', async () => {
    const tsx = createRequire(import.meta.url).resolve('tsx/esm');
    const result = await run(process.execPath, ['--import', tsx, '--test', '--test-reporter=spec', 'test/project.test.ts'], dir);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/✔ the agent asks before it books, and books once approved/);
    expect(result.output).toMatch(/✔ the graph prices an order, sends large ones to review, and refuses a quantity below 1/);
    expect(result.output).toMatch(/ℹ pass 2\n/);
  });

  it('runs its npm scripts: start stops for approval, the printed command books, order prices order.json', async () => {
    const scripts = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const start = await weftShell(scripts['start']!, dir);
    const thread = /^thread (t-[0-9a-f]{8}) /.exec(start.stdout)?.[1];
    const approval = 'agent:TravelAgent/tool:book_hotel:call_1_0#0';
    expect(start).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread ${thread} · agent TravelAgent · store sqlite .weft/weft.db
[TravelAgent] TravelAgent
  call book_hotel({"city":"Lisbon","nights":2})

interrupted · thread ${thread} · seq 4, step 2 · 1 pending interrupt
  ${approval}
    address  agent:TravelAgent/tool:book_hotel:call_1_0
    info     {"tool":"book_hotel","arguments":{"city":"Lisbon","nights":2}}
    answer   {"approved":true} runs book_hotel; {"approved":false,"reason":"…"} refuses it
resume with:
  weft resume --value '{"approved":true}' --interrupt '${approval}' -- ${thread}
`,
    });

    const booked = await weftShell(start.stdout.trimEnd().split('\n').at(-1)!.trim(), dir);
    expect({ ...booked, stdout: normalizeIds(booked.stdout) }).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread ${thread} · resuming checkpoint <id> (seq 4, step 2, interrupted) · store sqlite .weft/weft.db
[TravelAgent] TravelAgent
  result book_hotel: booked 2 nights in Lisbon
  Done: booked 2 nights in Lisbon.

done · thread ${thread} · seq 7, step 4
`,
    });

    const order = await weftShell(scripts['order']!, dir);
    const orderThread = /^thread (t-[0-9a-f]{8}) /.exec(order.stdout)?.[1];
    expect(order).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread ${orderThread} · graph order · store sqlite .weft/weft.db
step 1: check
  check → {"item":"tea","quantity":3}
step 2: price
  price → {"item":"tea","quantity":3,"total":36}
step 3: confirm
  confirm → 3 × tea: 36 EUR

done · thread ${orderThread} · seq 4, step 3 · output 3 × tea: 36 EUR
`,
    });
  });
});

async function run(file: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

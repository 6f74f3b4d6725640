/**
 * The commands weft prints start the way weft is started in the person's
 * shell: after `npm start` (whose script says `weft run …`) a bare `weft`
 * is not on the shell's PATH, so the printed command says `npx weft …`.
 * The rule (weftLauncher) from the variables package managers set, and, end
 * to end, a project's npm script and pnpm through npx, whose printed
 * commands are pasted into a shell as a person would.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../test-support/run-main.ts';
import { cleanEnv, FIXTURES, projectModule, tempDir, WEFT_BIN, type WeftResult } from '../test-support/spawn-weft.ts';
import { weftLauncher, type LauncherProbe } from './weft-launcher.ts';

const NPM = {
  npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
};
const PNPM = {
  npm_config_user_agent: 'pnpm/10.34.9 npm/? node/v20.20.2 linux x64',
  npm_execpath: '/root/.npm/_npx/c8/node_modules/pnpm/bin/pnpm.cjs',
};

describe('weftLauncher', () => {
  const probe = (onPath: string[], packageDir = '/app/node_modules/@weft/cli'): LauncherProbe => ({
    onPath: (name) => onPath.includes(name),
    packageDir,
  });

  it('weft started by itself: weft', () => {
    expect(weftLauncher({}, probe([]))).toEqual(['weft']);
    expect(weftLauncher({ PATH: '/usr/bin' }, probe(['pnpm']))).toEqual(['weft']);
  });

  it('through npm (npm start, npm run, npx, npm exec): npx weft; a weft npx fetched itself: that package at its version', () => {
    expect(weftLauncher({ ...NPM, npm_lifecycle_event: 'start' }, probe([]))).toEqual(['npx', 'weft']);
    expect(weftLauncher({ ...NPM, npm_lifecycle_event: 'npx' }, probe([]))).toEqual(['npx', 'weft']);
    // An npm_execpath without a user agent (an older npm): npx all the same.
    expect(weftLauncher({ npm_execpath: NPM.npm_execpath }, probe([]))).toEqual(['npx', 'weft']);
    const cached = probe([], join(realpathSync(tempDir()), '_npx', 'a1b2', 'node_modules', '@weft', 'cli'));
    mkdirSync(cached.packageDir, { recursive: true });
    writeFileSync(join(cached.packageDir, 'package.json'), '{"name":"@weft/cli","version":"1.2.3"}');
    expect(weftLauncher(NPM, cached)).toEqual(['npx', '-y', '@weft/cli@1.2.3']);
  });

  it('through pnpm: pnpm weft when pnpm is on the PATH, else pnpm through npx at the version that ran', () => {
    expect(weftLauncher(PNPM, probe(['pnpm']))).toEqual(['pnpm', 'weft']);
    expect(weftLauncher(PNPM, probe([]))).toEqual(['npx', '-y', 'pnpm@10.34.9', 'weft']);
  });

  it('through yarn or bun', () => {
    expect(weftLauncher({ npm_config_user_agent: 'yarn/4.5.0 npm/? node/v20.20.2 linux x64' }, probe([]))).toEqual(['yarn', 'weft']);
    expect(weftLauncher({ npm_config_user_agent: 'bun/1.1.30 npm/? node/v20.20.2 linux x64' }, probe([]))).toEqual(['bunx', 'weft']);
  });

  it('the PATH a package manager gives its scripts does not count: its node_modules/.bin folders are not the shell’s', () => {
    const dir = realpathSync(tempDir());
    const bin = (folder: string) => {
      mkdirSync(join(dir, folder), { recursive: true });
      writeFileSync(join(dir, folder, 'pnpm'), '#!/bin/sh\n');
      chmodSync(join(dir, folder, 'pnpm'), 0o755);
      return join(dir, folder);
    };
    const scriptOnly = bin('node_modules/.bin');
    expect(weftLauncher({ ...PNPM, PATH: scriptOnly })).toEqual(['npx', '-y', 'pnpm@10.34.9', 'weft']);
    expect(weftLauncher({ ...PNPM, PATH: `${scriptOnly}:${bin('tools')}` })).toEqual(['pnpm', 'weft']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('every printed command starts with it: the resume command after an interrupt, and the hints', async () => {
    const cwd = realpathSync(tempDir());
    const expense = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
    const run = await runMain(['run', expense, '--input', '{"who":"Ann","amount":500}', '--thread', 't1'], cwd, NPM);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`  npx weft resume --value '<json>' --interrupt 'approve#0' -- t1`);
    expect((await runMain(['resume', '--', 'nope'], cwd, NPM)).stderr.split('\n')[1]).toBe(
      'hint: list the threads of this store: npx weft threads; or pass --store to use another',
    );
    expect((await runMain(['hsitory'], cwd, NPM)).stderr.split('\n')[1]).toBe(
      'hint: did you mean npx weft history? npx weft --help lists the commands',
    );
    expect((await runMain(['run', expense, '--bogus'], cwd, NPM)).stderr.split('\n')[1]).toBe(
      'hint: npx weft run --help shows its options',
    );
    rmSync(cwd, { recursive: true, force: true });
  });
});

/**
 * A project whose npm scripts run weft, with weft in its node_modules/.bin
 * (a shim that runs this package's binary): run through npm and through pnpm
 * (itself through npx, as in a checkout without pnpm installed), and the
 * printed resume command pasted into a shell whose PATH has no weft.
 */
describe('printed commands when weft ran through a package manager', () => {
  const cwd = realpathSync(tempDir());
  const expense = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
  const run1 = (thread: string) => `weft run ${expense} --input '{"who":"Ann","amount":500}' --thread ${thread}`;
  const scripts = { start: run1('t1'), again: run1('t2') };
  writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module', scripts }));
  mkdirSync(join(cwd, 'node_modules/.bin'), { recursive: true });
  writeFileSync(join(cwd, 'node_modules/.bin/weft'), `#!/bin/sh\nexec "${process.execPath}" "${WEFT_BIN}" "$@"\n`);
  chmodSync(join(cwd, 'node_modules/.bin/weft'), 0o755);
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  /** A command line in `sh`, as typed into a terminal in the project: no node_modules/.bin on the PATH. */
  const shell = (line: string) => run('/bin/sh', ['-c', line], cwd);
  const lastLine = (r: WeftResult) => r.stdout.trimEnd().split('\n').at(-1)!.trim();
  /** The printed command with the approval where it says `<json>`. */
  const approving = (printed: string) => printed.replace(`'<json>'`, `'{"approved":true}'`);

  it('npm start prints npx weft resume …, which works where a bare weft is not found', async () => {
    const started = await shell('npm run -s start');
    expect([started.code, started.stderr]).toEqual([0, '']);
    const printed = lastLine(started);
    expect(printed).toBe(`npx weft resume --value '<json>' --interrupt 'approve#0' -- t1`);
    // What printing a bare weft led to.
    const bare = await shell(approving(printed).replace(/^npx /, ''));
    expect([bare.code, bare.stderr]).toEqual([127, expect.stringContaining('weft: not found')]);
    const resumed = await shell(approving(printed));
    expect([resumed.code, resumed.stderr, lastLine(resumed)]).toEqual([0, '', 'done · thread t1 · seq 6, step 3 · output paid 500 to Ann']);
  });

  it('pnpm through npx prints npx -y pnpm@<version> weft resume …, which works as pasted', async () => {
    const started = await shell('npx -y pnpm@10.34.9 run --silent again');
    expect([started.code, started.stderr]).toEqual([0, '']);
    const printed = lastLine(started);
    expect(printed).toBe(`npx -y pnpm@10.34.9 weft resume --value '<json>' --interrupt 'approve#0' -- t2`);
    const resumed = await shell(`${approving(printed)} 2>&1`);
    expect([resumed.code, lastLine(resumed)]).toEqual([0, 'done · thread t2 · seq 6, step 3 · output paid 500 to Ann']);
  });
});

/** `command` in `cwd` with a terminal's PATH: the folders package managers add for their scripts (node_modules/.bin) left out. */
function run(command: string, args: string[], cwd: string): Promise<WeftResult> {
  const path = (process.env['PATH'] ?? '')
    .split(':')
    .filter((dir) => !dir.split('/').includes('node_modules'))
    .join(':');
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: cleanEnv({ PATH: path }), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

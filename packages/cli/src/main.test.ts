/** `main()` in-process: help, version and dispatch, with output captured through CliIo. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';

async function capture(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: process.cwd(), env: {} });
  return { code, stdout, stderr };
}

describe('main', () => {
  it('lists the commands with --help, and with no command at all', async () => {
    const help = await capture(['--help']);
    expect(help.code).toBe(0);
    expect(
      help.stdout
        .split('\n')
        .filter((l) => /^ {2}\w+ {2,}/.test(l))
        .map((l) => l.trim().split(/\s+/)[0]),
    ).toEqual([
      'init',
      'run',
      'resume',
      'worker',
      'schedule',
      'mcp',
      'a2a',
      'serve',
      'dev',
      'history',
      'threads',
      'memory',
      'graph',
      'migrate',
      'replay',
      'eval',
      'bench',
    ]);
    expect(await capture([])).toEqual(help);
  });

  it('shows a command’s help with --help anywhere, or through weft help <command>', async () => {
    const run = await capture(['run', 'x.ts', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith('usage: weft run <module> [options]\n')).toBe(true);
    expect(await capture(['help', 'run'])).toEqual(run);
    for (const name of [
      'resume',
      'worker',
      'schedule',
      'mcp',
      'serve',
      'dev',
      'history',
      'threads',
      'memory',
      'graph',
      'migrate',
      'replay',
      'eval',
      'bench',
    ])
      expect((await capture([name, '-h'])).stdout.startsWith(`usage: weft ${name}`)).toBe(true);
  });

  it('prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await capture(['--version'])).toEqual({ code: 0, stdout: `weft ${pkg.version}\n`, stderr: '' });
  });

  it('reports usage errors with exit code 2', async () => {
    expect(await capture(['--frob'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: unknown option --frob\nhint: weft --help lists the commands; options go after the command\n',
    });
    expect((await capture(['help', 'frob'])).code).toBe(2);
  });
});

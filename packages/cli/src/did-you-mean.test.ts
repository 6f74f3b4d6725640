/**
 * A mistyped command, option or export is a usage error whose hint names
 * what was most likely meant; a module whose agent or graph has another
 * name than agent, graph or default gets the --export that runs it.
 */
import { realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closestName } from './closest-name.ts';
import { runMain, type MainResult } from '../test-support/run-main.ts';
import { FIXTURES, tempDir, weft, type WeftResult } from '../test-support/spawn-weft.ts';

const failure = (code: number, message: string, hint: string): MainResult | WeftResult => ({
  code,
  stdout: '',
  stderr: `weft: ${message}\nhint: ${hint}\n`,
});

describe('did you mean', () => {
  const cwd = realpathSync(tempDir());
  const module = (name: string, text: string): string => {
    writeFileSync(join(cwd, name), text);
    return join(cwd, name);
  };
  const EXPENSE = module('expense.ts', `export * from ${JSON.stringify(join(FIXTURES, 'expense-graph.ts'))};\n`);
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('a mistyped command: the nearest command, exit 2', async () => {
    const guess = (typed: string, meant: string) =>
      failure(2, `unknown command "${typed}"`, `did you mean weft ${meant}? weft --help lists the commands`);
    expect(await runMain(['hsitory', '--', 't1'], cwd)).toEqual(guess('hsitory', 'history'));
    expect(await runMain(['rnu', 'x.ts'], cwd)).toEqual(guess('rnu', 'run'));
    expect(await runMain(['thread'], cwd)).toEqual(guess('thread', 'threads'));
    // The start of one command's name.
    expect(await runMain(['hist', 't1'], cwd)).toEqual(guess('hist', 'history'));
    // weft help <command> looks it up the same way.
    expect(await runMain(['help', 'replya'], cwd)).toEqual(guess('replya', 'replay'));
    // Nothing close: the list of commands, not a guess.
    expect(await runMain(['rn'], cwd)).toEqual(
      failure(
        2,
        'unknown command "rn"',
        'the commands are init, run, resume, worker, schedule, mcp, a2a, serve, dev, history, threads, memory, graph, migrate, replay, eval, bench; weft --help explains them',
      ),
    );
  });

  it('an option before the command: options go after it', async () => {
    const before = (option: string) =>
      failure(2, `unknown option ${option}`, 'weft --help lists the commands; options go after the command');
    expect(await runMain(['--json', 'threads'], cwd)).toEqual(before('--json'));
    expect(await runMain(['--store', 'memory', 'history', 't1'], cwd)).toEqual(before('--store'));
    expect(await runMain(['-x', 'run', 'a.ts'], cwd)).toEqual(before('-x'));
  });

  it("a mistyped option: the command's nearest option", async () => {
    const guess = (command: string, typed: string, meant: string) =>
      failure(2, `${command}: unknown option ${typed}`, `did you mean --${meant}? weft ${command} --help shows its options`);
    expect(await runMain(['run', EXPENSE, '--exprot', 'graph'], cwd)).toEqual(guess('run', '--exprot', 'export'));
    expect(await runMain(['run', EXPENSE, '--qeury=hi'], cwd)).toEqual(guess('run', '--qeury', 'query'));
    expect(await runMain(['history', '--befor', '3', 't1'], cwd)).toEqual(guess('history', '--befor', 'before'));
    expect(await runMain(['resume', '--vaule', '1', 't1'], cwd)).toEqual(guess('resume', '--vaule', 'value'));
    expect(await runMain(['init', '--froce'], cwd)).toEqual(guess('init', '--froce', 'force'));
    // Nothing close: only where the options are listed.
    expect(await runMain(['run', EXPENSE, '--bogus'], cwd)).toEqual(
      failure(2, 'run: unknown option --bogus', 'weft run --help shows its options'),
    );
  });

  // Modules load in a weft process, as users run them: a module namespace lists its exports sorted by name.
  it('a mistyped --export: the export it most likely names', async () => {
    expect(await weft(['run', EXPENSE, '--export', 'grpah', '--input', '{}'], cwd)).toEqual(
      failure(1, `${EXPENSE} has no export "grpah"; its exports: graph (a compiled graph (expense))`, 'did you mean --export graph?'),
    );
    expect(await weft(['graph', EXPENSE, '--export', 'g'], cwd)).toEqual(
      failure(1, `${EXPENSE} has no export "g"; its exports: graph (a compiled graph (expense))`, 'name one of them with --export'),
    );
  });

  it('an agent or a graph exported under another name: the --export that runs it', async () => {
    const poet = module('poet.ts', `export { agent as poet } from ${JSON.stringify(join(FIXTURES, 'streaming-agent.ts'))};\n`);
    expect(await weft(['run', poet, '--query', 'hi'], cwd)).toEqual(
      failure(
        1,
        `${poet} exports no agent or compiled graph as agent, graph, default; its exports: poet (an agent (Poet))`,
        'its export poet is an agent (Poet): pass --export poet',
      ),
    );
    const expenses = module('expenses.ts', `export { graph as expenses } from ${JSON.stringify(join(FIXTURES, 'expense-graph.ts'))};\n`);
    expect(await weft(['graph', expenses], cwd)).toEqual(
      failure(
        1,
        `${expenses} exports no agent or compiled graph as agent, graph, default; its exports: expenses (a compiled graph (expense))`,
        'its export expenses is a compiled graph (expense): pass --export expenses',
      ),
    );
    // The hint's command runs it.
    const run = await weft(['run', poet, '--query', 'hi', '--export', 'poet', '--store', 'memory'], cwd);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^thread t-[0-9a-f]{8} · agent Poet · store memory\n/);
  });

  it('several agents and graphs under other names: the list to choose from', async () => {
    const both = module(
      'both.ts',
      [
        `export { agent as poet } from ${JSON.stringify(join(FIXTURES, 'streaming-agent.ts'))};`,
        `export { graph as expenses } from ${JSON.stringify(join(FIXTURES, 'expense-graph.ts'))};`,
        'export const limit = 100;',
        '',
      ].join('\n'),
    );
    const exportsText = 'expenses (a compiled graph (expense)), limit (a number), poet (an agent (Poet))';
    const choose = 'name the one to use: --export expenses | --export poet';
    expect(await weft(['run', both, '--query', 'hi'], cwd)).toEqual(
      failure(1, `${both} exports no agent or compiled graph as agent, graph, default; its exports: ${exportsText}`, choose),
    );
    expect(await weft(['run', both, '--query', 'hi', '--export', 'limit'], cwd)).toEqual(
      failure(1, `export "limit" of ${both} is a number, not an agent or a compiled graph`, choose),
    );
  });
});

describe('closestName', () => {
  const commands = ['init', 'run', 'resume', 'history', 'threads', 'graph', 'replay', 'bench'];

  it('takes the nearest name within two edits, a swap of neighbours counting as one', () => {
    expect(closestName('hsitory', commands)).toBe('history');
    expect(closestName('rnu', commands)).toBe('run');
    expect(closestName('REPLAY', commands)).toBe('replay');
    expect(closestName('grahp', commands)).toBe('graph');
    expect(closestName('histroyy', commands)).toBe('history');
  });

  it('else the only name the word starts, from three letters', () => {
    expect(closestName('hist', commands)).toBe('history');
    expect(closestName('re', commands)).toBeUndefined();
    // Two names start with "re": no guess.
    expect(closestName('res', ['resume', 'replay', 'reset'])).toBeUndefined();
  });

  it('no guess when nothing is close, the word is short, or two names are equally close', () => {
    expect(closestName('frob', commands)).toBeUndefined();
    // One edit, but half of a two-letter word.
    expect(closestName('rn', commands)).toBeUndefined();
    expect(closestName('cat', ['bat', 'hat'])).toBeUndefined();
    expect(closestName('x', [])).toBeUndefined();
  });
});

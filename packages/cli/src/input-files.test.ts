/**
 * `--input`, `--value` and `--values` take the JSON itself, `@<file>` (read
 * relative to the working folder) or `-` (standard input): an input larger
 * than a command-line argument may be, read whole; a file that cannot be
 * read and JSON that does not parse name the file or stdin.
 */
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './main.ts';
import { runMain, type MainResult } from '../test-support/run-main.ts';
import { FIXTURES, projectModule, tempDir, weftProcess } from '../test-support/spawn-weft.ts';

/** `main` with a standard input that holds `stdin`, counting how often it was read. */
async function withStdin(argv: string[], cwd: string, stdin: string): Promise<MainResult & { reads: number }> {
  let stdout = '';
  let stderr = '';
  let reads = 0;
  const readStdin = async () => {
    reads++;
    return stdin;
  };
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, env: {}, readStdin });
  return { code, stdout, stderr, reads };
}

const failure = (code: number, message: string, hint: string): MainResult => ({
  code,
  stdout: '',
  stderr: `weft: ${message}\nhint: ${hint}\n`,
});
const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1)!;
const resultOf = (stdout: string): Record<string, unknown> => (JSON.parse(lastLine(stdout)) as { result: Record<string, unknown> }).result;

describe('JSON flags from a file or standard input', () => {
  const cwd = realpathSync(tempDir());
  const EXPENSE = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
  const CONTRACT = projectModule(cwd, join(FIXTURES, 'two-approvals-graph.ts'));
  const AGENT = projectModule(cwd, join(FIXTURES, 'streaming-agent.ts'));
  const file = (name: string, text: string): string => {
    mkdirSync(join(cwd, name, '..'), { recursive: true });
    writeFileSync(join(cwd, name), text);
    return name;
  };
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('--input @file reads an input too large for a command-line argument', async () => {
    // Linux refuses a single argument over 128 KiB: such an input can only come from a file.
    const who = 'x'.repeat(300_000);
    file('inputs/big.json', JSON.stringify({ who, amount: 5 }, null, 2));
    const run = await runMain(['run', EXPENSE, '--input', '@inputs/big.json', '--json', '--store', 'memory'], cwd);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(resultOf(run.stdout)).toMatchObject({ status: 'done', output: `paid 5 to ${who}` });
  });

  it('--input - reads standard input, once, and only when asked', async () => {
    const run = await withStdin(['run', EXPENSE, '--input', '-', '--thread', 'in1'], cwd, '{"who":"Ann",\n "amount":500}\n');
    expect(run).toMatchObject({ code: 0, stderr: '', reads: 1 });
    expect(run.stdout.split('\n').slice(0, 3)).toEqual([
      'thread in1 · graph expense · store sqlite .weft/weft.db',
      'step 1: check',
      '  check → {"who":"Ann","amount":500,"needsApproval":true}',
    ]);
    // An agent's messages.
    const agent = await withStdin(
      ['run', AGENT, '--input', '-', '--json', '--store', 'memory'],
      cwd,
      '[{"role":"user","content":"a poem"}]',
    );
    expect(agent).toMatchObject({ code: 0, stderr: '', reads: 1 });
    expect(resultOf(agent.stdout)).toMatchObject({ status: 'done', output: 'Roses are red,\nviolets are blue.' });
    expect(await withStdin(['run', EXPENSE, '--input', '{"who":"Bo","amount":1}', '--store', 'memory'], cwd, 'unused')).toMatchObject({
      code: 0,
      reads: 0,
    });
  });

  it('--value @file and --value - answer an interrupt; --values @file answers several', async () => {
    file('approve.json', '{ "approved": true }\n');
    const fromFile = await runMain(['resume', '--value', '@approve.json', '--', 'in1'], cwd);
    expect(fromFile.stderr).toBe('');
    expect(lastLine(fromFile.stdout)).toBe('done · thread in1 · seq 6, step 3 · output paid 500 to Ann');

    expect((await runMain(['run', EXPENSE, '--input', '{"who":"Cy","amount":700}', '--thread', 'in2'], cwd)).code).toBe(0);
    const fromStdin = await withStdin(['resume', '--value', '-', '--', 'in2'], cwd, '{"approved":true}');
    expect(fromStdin).toMatchObject({ code: 0, stderr: '', reads: 1 });
    expect(lastLine(fromStdin.stdout)).toBe('done · thread in2 · seq 6, step 3 · output paid 700 to Cy');

    expect((await runMain(['run', CONTRACT, '--query', 'draft', '--thread', 'in3'], cwd)).code).toBe(0);
    file('answers.json', JSON.stringify({ 'legal#0': 'ok', 'finance#0': 'within budget' }));
    const both = await runMain(['resume', '--values', '@answers.json', '--json', '--', 'in3'], cwd);
    expect(both.stderr).toBe('');
    expect(resultOf(both.stdout)).toMatchObject({ status: 'done', output: { legal: 'legal: ok', finance: 'finance: within budget' } });
  });

  it('standard input in a real process: --input - and --value -', async () => {
    const run = weftProcess(['run', EXPENSE, '--input', '-', '--thread', 'p1'], cwd);
    run.child.stdin.end('{"who":"Di","amount":900}');
    expect(await run.exited).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.lines.at(-1)).toBe(`  weft resume --value '<json>' --interrupt 'approve#0' -- p1`);
    const resume = weftProcess(['resume', '--value', '-', '--', 'p1'], cwd);
    resume.child.stdin.end('{"approved":true}\n');
    expect(await resume.exited).toBe(0);
    expect(resume.stderr).toBe('');
    expect(resume.lines.at(-1)).toBe('done · thread p1 · seq 6, step 3 · output paid 900 to Di');
  });

  it('a file that cannot be read is FILE_UNREADABLE, named with its full path', async () => {
    const hint = (flag: string) => `check the path (relative to the current folder); ${flag} takes JSON, @<file> or - (standard input)`;
    expect(await runMain(['run', EXPENSE, '--input', '@missing.json'], cwd)).toEqual(
      failure(1, `--input @missing.json: cannot read ${join(cwd, 'missing.json')} (no such file)`, hint('--input')),
    );
    expect(await runMain(['run', EXPENSE, '--input', '@inputs'], cwd)).toEqual(
      failure(1, `--input @inputs: cannot read ${join(cwd, 'inputs')} (EISDIR: illegal operation on a directory, read)`, hint('--input')),
    );
    expect((await runMain(['run', EXPENSE, '--input', '{"who":"Ed","amount":800}', '--thread', 'in4'], cwd)).code).toBe(0);
    expect(await runMain(['resume', '--value', '@nope/answer.json', '--', 'in4'], cwd)).toEqual(
      failure(1, `--value @nope/answer.json: cannot read ${join(cwd, 'nope/answer.json')} (no such file)`, hint('--value')),
    );
    expect(await runMain(['resume', '--values', '@none.json', '--', 'in4'], cwd)).toEqual(
      failure(1, `--values @none.json: cannot read ${join(cwd, 'none.json')} (no such file)`, hint('--values')),
    );
  });

  it('JSON that does not parse names the file (line and column) or stdin', async () => {
    file('bad.json', '{"who":"Ann",\n "amount": x}\n');
    expect(await runMain(['run', EXPENSE, '--input', '@bad.json'], cwd)).toEqual(
      failure(
        1,
        `--input @bad.json is not valid JSON: unexpected "x" at line 2, column 12 (after '{"who":"Ann",\\n "amount": ')`,
        `fix the JSON in ${join(cwd, 'bad.json')}`,
      ),
    );
    file('values.json', '[1, 2]');
    expect(await runMain(['resume', '--values', '@values.json', '--', 'in4'], cwd)).toEqual(
      failure(1, '--values must be a JSON object of values by interrupt id', `e.g. --values '{"<id>": {"approved": true}}'`),
    );
    expect(await withStdin(['resume', '--value', '-', '--', 'in4'], cwd, '{"approved":tru}')).toEqual({
      ...failure(
        1,
        `--value - (stdin) is not valid JSON: unexpected "}" at character 16 (after '{"approved":tru')`,
        'send JSON on standard input',
      ),
      reads: 1,
    });
    expect(await withStdin(['run', EXPENSE, '--input', '-'], cwd, '\n')).toEqual({
      ...failure(1, '--input - (stdin) is not valid JSON: it is empty', 'send JSON on standard input'),
      reads: 1,
    });
  });

  it('- where there is no standard input to read (an embedder without readStdin) is a usage error', async () => {
    expect(await runMain(['run', EXPENSE, '--input', '-'], cwd)).toEqual(
      failure(2, '--input -: there is no standard input to read here', 'pass the JSON itself, or --input @<file>'),
    );
  });
});

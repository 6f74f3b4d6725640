/** A graph whose interrupt has a resume schema (test-fixtures/typed-approval-graph.ts): the printed command shows the value's shape. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, normalizeIds, projectModule, tempDir, weft, weftShell } from '../test-support/spawn-weft.ts';

const SHAPED = `weft resume --value '{"approved":<boolean>}' --interrupt 'approve#0' -- t1`;

describe('weft with an interrupt that has a resume schema', () => {
  const cwd = tempDir();
  const TYPED = projectModule(cwd, join(FIXTURES, 'typed-approval-graph.ts'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('prints a resume command whose value is shaped by the schema; a wrong value is refused with the schema’s message, a right one finishes', async () => {
    const run = await weft(['run', TYPED, '--input', '{"who":"Ann","amount":500}', '--thread', 't1'], cwd);
    expect(run.stderr).toBe('');
    expect(run.stdout.trimEnd().split('\n').slice(-6)).toEqual([
      'interrupted · thread t1 · seq 2, step 0 · 1 pending interrupt',
      '  approve#0',
      '    address  approve',
      '    info     {"question":"Approve 500 for Ann?"}',
      'resume with:',
      `  ${SHAPED}`,
    ]);
    // Pasted unedited, the placeholder is not JSON: nothing is answered.
    const unedited = await weftShell(SHAPED, cwd);
    expect(unedited.code).toBe(1);
    expect(unedited.stderr).toMatch(/^weft: --value is not valid JSON: unexpected "<" at character 13/);
    // A value of the wrong type: this new process runs the node again, which refuses it; the thread still waits.
    const wrong = await weftShell(SHAPED.replace('<boolean>', '"yes"'), cwd);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(
      'weft: the run failed: RESUME_INVALID: the value for interrupt "approve#0" does not match its resume schema: ' +
        'approved: Invalid input: expected boolean, received string; the interrupt still waits: resume it again with a value that matches\n' +
        `hint: the thread still waits at "approve#0"; answer it again with a value its schema accepts: ${SHAPED}\n`,
    );
    const right = await weftShell(SHAPED.replace('<boolean>', 'true'), cwd);
    expect(right.stderr).toBe('');
    expect(right.code).toBe(0);
    expect(normalizeIds(right.stdout).trimEnd().split('\n').at(-1)).toBe('done · thread t1 · seq 6, step 1 · output paid 500 to Ann');
  });

  it('--json gives the same command in the result', async () => {
    const run = await weft(['run', TYPED, '--input', '{"who":"Bo","amount":5}', '--thread', 't2', '--json'], cwd);
    const result = (JSON.parse(run.stdout.trimEnd().split('\n').at(-1)!) as { result: Record<string, unknown> }).result;
    expect(result).toMatchObject({
      status: 'interrupted',
      interrupts: [{ id: 'approve#0', resumeSchema: { type: 'object', required: ['approved'] } }],
      resume: `weft resume --value '{"approved":<boolean>}' --interrupt 'approve#0' -- t2`,
    });
  });

  it('an input the graph’s input schema refuses fails the run before anything is written', async () => {
    const run = await weft(['run', TYPED, '--input', '{"who":"Ann"}', '--thread', 't3'], cwd);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'weft: the input of graph "typed-expense" does not match its input schema: amount: Invalid input: expected number, received undefined\n' +
        "hint: give an --input that the graph's input schema accepts (the message says what does not match)\n",
    );
    const history = await weft(['history', '--', 't3'], cwd);
    expect(history.stderr).toMatch(/^weft: thread "t3" not found/);
  });
});

/**
 * Every failure is one `weft: …` line and one `hint: …` line on stderr, no
 * stack trace, nothing on stdout, and exit code 1 (2 for a wrong command line).
 */
import { realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, projectModule, tempDir, weft, type WeftResult } from '../test-support/spawn-weft.ts';

function expectFailure(result: WeftResult, code: number, message: string, hint: string): void {
  expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
    code,
    stdout: '',
    stderr: `weft: ${message}\nhint: ${hint}\n`,
  });
}

describe('weft errors', () => {
  const cwd = realpathSync(tempDir());
  const EXPENSE = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('a module path that does not exist', async () => {
    const result = await weft(['run', 'missing.ts', '--query', 'x'], cwd);
    expectFailure(result, 1, `no module at ${join(cwd, 'missing.ts')}`, 'check the path (relative paths start from the current folder)');
  });

  it('a thread in a store that does not exist yet, without creating it', async () => {
    const result = await weft(['resume', 'nope', '--value', '1'], cwd);
    expectFailure(
      result,
      1,
      'thread "nope" not found in sqlite .weft/weft.db (that file does not exist)',
      'list the threads of this store: weft threads; or pass --store to use another',
    );
    expect((await weft(['threads', '--json'], cwd)).stdout).toBe('{"threads":[]}\n');
  });

  it('an unknown command, and an unknown option', async () => {
    expectFailure(
      await weft(['frob'], cwd),
      2,
      'unknown command "frob"',
      'the commands are init, run, resume, worker, schedule, mcp, a2a, serve, dev, history, threads, memory, graph, migrate, replay, eval, bench; weft --help explains them',
    );
    expectFailure(await weft(['run', EXPENSE, '--bogus'], cwd), 2, 'run: unknown option --bogus', 'weft run --help shows its options');
    expectFailure(await weft(['run', EXPENSE, '--query'], cwd), 2, 'run: --query needs a value', 'weft run --help shows its options');
    expectFailure(await weft(['run'], cwd), 2, 'run needs <module>', 'weft run --help shows how to call it');
    expectFailure(
      await weft(['threads', '--store', 'mysql:x'], cwd),
      2,
      '--store "mysql:x" names no store',
      'use sqlite:<file>, postgres:<url> (or a postgres:// URL) or memory',
    );
  });

  it('a module without an agent or a graph lists its exports', async () => {
    const module = join(FIXTURES, 'no-runnable.ts');
    expectFailure(
      await weft(['run', module, '--query', 'x'], cwd),
      1,
      `${module} exports no agent or compiled graph as agent, graph, default; its exports: answer (a number), greet (a function)`,
      'export an Agent or a CompiledGraph (graph(…).compile()) and name it with --export <name>',
    );
    expectFailure(
      await weft(['run', module, '--export', 'other'], cwd),
      1,
      `${module} has no export "other"; its exports: answer (a number), greet (a function)`,
      'name one of them with --export',
    );
  });

  describe('on an interrupted thread', () => {
    beforeAll(async () => {
      expect((await weft(['run', EXPENSE, '--input', '{"who":"Ann","amount":500}', '--thread', 'g1'], cwd)).code).toBe(0);
    });

    it('an unknown thread', async () => {
      expectFailure(
        await weft(['history', 'nope'], cwd),
        1,
        'thread "nope" not found in sqlite .weft/weft.db',
        'list the threads of this store: weft threads; or pass --store to use another',
      );
    });

    it('a malformed --value says where', async () => {
      const hint = `write JSON and quote it for the shell, e.g. --value '{"approved":true}' or --value '"a text"'`;
      expectFailure(
        await weft(['resume', 'g1', '--value', '{"approved":tru}'], cwd),
        1,
        `--value is not valid JSON: unexpected "}" at character 16 (after '{"approved":tru')`,
        hint,
      );
      expectFailure(
        await weft(['resume', 'g1', '--value', '{"approved":'], cwd),
        1,
        `--value is not valid JSON: it ends too early (after '{"approved":')`,
        hint,
      );
      expectFailure(
        await weft(['resume', 'g1', '--value', '{approved:true}'], cwd),
        1,
        `--value is not valid JSON: unexpected "a" at character 2 (after '{')`,
        `JSON needs double quotes around names; quote the whole value for the shell: --value '{"approved":true}'`,
      );
    });

    it('an unknown interrupt id lists the pending ones', async () => {
      expectFailure(
        await weft(['resume', 'g1', '--value', 'true', '--interrupt', 'pay#0'], cwd),
        1,
        'thread "g1" has no pending interrupt "pay#0"; pending: "approve#0"',
        `answer with: weft resume --value '<json>' --interrupt 'approve#0' -- g1`,
      );
    });

    it('a new run on the interrupted thread is refused: resume was meant', async () => {
      expectFailure(
        await weft(['run', EXPENSE, '--input', '{"who":"Bo","amount":1}', '--thread', 'g1'], cwd),
        1,
        'thread "g1" waits on "approve#0": a new run would leave that unanswered',
        `run on another --thread, or answer it with: weft resume --value '<json>' --interrupt 'approve#0' -- g1`,
      );
    });

    it('a resume without a value says what the thread waits on', async () => {
      expectFailure(
        await weft(['resume', 'g1'], cwd),
        1,
        'thread "g1" waits on an interrupt: "approve#0"',
        `answer with: weft resume --value '<json>' --interrupt 'approve#0' -- g1`,
      );
    });
  });

  it('several pending interrupts: --value must say which; --values answers them all', async () => {
    const contract = projectModule(cwd, join(FIXTURES, 'two-approvals-graph.ts'));
    expect((await weft(['run', contract, '--query', 'draft', '--thread', 'c1'], cwd)).code).toBe(0);
    expectFailure(
      await weft(['resume', 'c1', '--value', '"ok"'], cwd),
      1,
      'thread "c1" waits on 2 interrupts ("legal#0", "finance#0"): say which one --value answers',
      `answer one with --interrupt: weft resume --value '<json>' --interrupt 'legal#0' -- c1; or all at once: weft resume --values '{"legal#0":<json>,"finance#0":<json>}' -- c1`,
    );
    const done = await weft(['resume', 'c1', '--values', '{"legal#0":"ok","finance#0":"5000"}', '--json'], cwd);
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout.trimEnd().split('\n').at(-1)!)).toMatchObject({
      result: { status: 'done', output: { legal: 'legal: ok', finance: 'finance: 5000' } },
    });
  });

  it('a second answer to an interrupt a resume answered is INTERRUPT_ALREADY_ANSWERED, with the fork that answers differently', async () => {
    expect((await weft(['run', EXPENSE, '--input', '{"who":"Al","amount":900}', '--thread', 'a2'], cwd)).code).toBe(0);
    const history = async () =>
      JSON.parse((await weft(['history', '--json', '--', 'a2'], cwd)).stdout) as {
        checkpoints: { id: string; status: string; source: string }[];
      };
    const interrupted = (await history()).checkpoints.find((c) => c.status === 'interrupted')!.id;
    expect((await weft(['resume', 'a2', '--value', '{"approved":true}'], cwd)).code).toBe(0);
    const before = await history();
    const answeredAt = before.checkpoints.find((c) => c.source === 'resume')!.id;
    expectFailure(
      await weft(['resume', 'a2', '--value', '{"approved":false}', '--interrupt', 'approve#0'], cwd),
      1,
      `interrupt "approve#0" of thread "a2" was answered by an earlier resume (checkpoint "${answeredAt}"), and the thread went on from it`,
      `to answer differently, fork from the interrupted checkpoint: weft resume --checkpoint ${interrupted} --value '<json>' -- a2`,
    );
    expect(await history()).toEqual(before);
  });

  it('a thread whose module was deleted since it started', async () => {
    const module = join(cwd, 'moved.ts');
    writeFileSync(module, `export { graph } from ${JSON.stringify(join(FIXTURES, 'expense-graph.ts'))};\n`);
    expect((await weft(['run', module, '--input', '{"who":"Cy","amount":900}', '--thread', 'm1'], cwd)).code).toBe(0);
    unlinkSync(module);
    expectFailure(
      await weft(['resume', 'm1', '--value', '{"approved":true}'], cwd),
      1,
      `thread "m1" was started from moved.ts, which does not exist in this project (${module})`,
      `restore the file, or name the same agent or graph: weft resume --value '{"approved":true}' --module '<file>' -- m1`,
    );
    const moved = await weft(['resume', 'm1', '--value', '{"approved":true}', '--module', EXPENSE], cwd);
    expect(moved.code).toBe(0);
    expect(moved.stdout.trimEnd().split('\n').at(-1)).toBe('done · thread m1 · seq 6, step 3 · output paid 900 to Cy');
  });

  it('WEFT_DEBUG=1 adds the stack trace', async () => {
    const result = await weft(['run', join(FIXTURES, 'no-runnable.ts'), '--export', 'other'], cwd, { WEFT_DEBUG: '1' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^weft: .*\nhint: .*\nCliError: .*\n\s+at /);
  });
});

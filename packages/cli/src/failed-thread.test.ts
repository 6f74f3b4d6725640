/**
 * A run that fails is recorded as failed: `weft threads` lists its thread
 * as `error`, and the hint the CLI prints (`weft resume -- <thread>`) is a
 * command that works, run as printed by a real shell, once the cause is
 * fixed: it continues from the failed step without running again what
 * finished before it.
 */
import { readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, projectModule, tempDir, weft, weftShell } from '../test-support/spawn-weft.ts';

interface ThreadRow {
  threadId: string;
  status: string;
  seq: number;
}

/** The threads of the store in `cwd`, as `weft threads --json` lists them. */
async function threads(cwd: string): Promise<ThreadRow[]> {
  const listed = await weft(['threads', '--json'], cwd);
  expect([listed.code, listed.stderr]).toEqual([0, '']);
  return (JSON.parse(listed.stdout) as { threads: ThreadRow[] }).threads.map(({ threadId, status, seq }) => ({ threadId, status, seq }));
}

/** The command in the `hint:` line of a failure: what the CLI tells the user to run. */
function hintedCommand(stderr: string): string {
  const hint = /^hint: fix the cause, then continue from the last checkpoint: (weft .*)$/m.exec(stderr);
  expect(hint, stderr).not.toBeNull();
  return hint![1]!;
}

describe('a failed run', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const project = (): string => {
    const dir = realpathSync(tempDir());
    dirs.push(dir);
    return dir;
  };
  const ran = (cwd: string): string[] => readFileSync(join(cwd, 'ran.txt'), 'utf8').trim().split('\n');

  it('whose model throws: the thread is `error`, and `weft resume -- <thread>` continues it after the model is back', async () => {
    const cwd = project();
    const module = projectModule(cwd, join(FIXTURES, 'failing-model-agent.ts'));
    writeFileSync(join(cwd, 'model-down'), '');
    const failed = await weft(['run', module, '--query', 'who is Ann?', '--thread', 't1'], cwd);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('weft: the run failed: MODEL_FAILED: agent "Helper": 503 Service Unavailable: the model is down\n');
    const command = hintedCommand(failed.stderr);
    expect(command).toBe('weft resume -- t1');
    const [row] = await threads(cwd);
    expect(row).toMatchObject({ threadId: 't1', status: 'error' });
    // Why it failed: the code in the table, code and message in --json.
    expect((await weft(['threads'], cwd)).stdout).toMatch(/^t1\s+error \(MODEL_FAILED\)\s+/m);
    const listed = JSON.parse((await weft(['threads', '--json'], cwd)).stdout) as { threads: { failure: unknown; error: unknown }[] };
    expect(listed.threads.map((t) => [t.failure, t.error])).toEqual([
      [{ code: 'MODEL_FAILED', message: expect.stringContaining('503 Service Unavailable: the model is down') }, null],
    ]);

    unlinkSync(join(cwd, 'model-down'));
    const resumed = await weftShell(command, cwd);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.stdout).toContain('Answer: Ann is a customer.');
    expect(resumed.stdout).toMatch(/^done · thread t1 · seq \d+, step \d+$/m);
    expect(await threads(cwd)).toEqual([{ threadId: 't1', status: 'done', seq: expect.any(Number) }]);
    expect(
      (JSON.parse((await weft(['threads', '--json'], cwd)).stdout) as { threads: { failure: unknown }[] }).threads[0]?.failure,
    ).toBeNull();
    expect(ran(cwd)).toEqual(['lookup Ann']); // the tool that finished before the failure did not run again
  });

  it('whose graph node throws: the thread is `error`, and the printed resume (quoted thread id) re-runs only the failed node', async () => {
    const cwd = project();
    const module = projectModule(cwd, join(FIXTURES, 'failing-node-graph.ts'));
    writeFileSync(join(cwd, 'node-down'), '');
    const failed = await weft(['run', module, '--input', '"order"', '--thread', 'order 7'], cwd);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('NODE_FAILED: node "charge" failed after 1 attempt: payment service unreachable');
    const command = hintedCommand(failed.stderr);
    expect(command).toBe("weft resume -- 'order 7'");
    expect(await threads(cwd)).toEqual([{ threadId: 'order 7', status: 'error', seq: expect.any(Number) }]);

    // Still broken: resuming fails the same way and leaves the thread `error`, not stuck or `done`.
    const again = await weftShell(command, cwd);
    expect([again.code, hintedCommand(again.stderr)]).toEqual([1, command]);
    expect((await threads(cwd))[0]?.status).toBe('error');

    unlinkSync(join(cwd, 'node-down'));
    const resumed = await weftShell(command, cwd);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.stdout).toContain('output order fetched, charged');
    expect((await threads(cwd))[0]?.status).toBe('done');
    expect(ran(cwd)).toEqual(['fetch', 'charge', 'charge', 'charge']);
  });
});

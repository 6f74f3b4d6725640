/**
 * The thread lease through the `weft` command: a thread another process
 * holds is refused with THREAD_BUSY before anything is loaded or run, with a
 * hint that names the holder and the takeover command; `--take-over` takes
 * it; a value for an interrupt an earlier resume answered is refused with
 * the commands that continue or fork; WEFT_LEASE_TTL_MS is checked.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore } from '@weft/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../test-support/run-main.ts';
import { FIXTURES, projectModule, tempDir } from '../test-support/spawn-weft.ts';
import { resumeThatStopsAtOnce } from '../test-support/stopped-resume.ts';
import { formatTime } from './format-time.ts';

const INPUT = ['--input', '{"who":"Ann","amount":500}'];
const APPROVE = '{"approved":true}';

describe('the thread lease in weft', () => {
  const cwd = tempDir();
  const file = join(cwd, '.weft/weft.db');
  let module = '';
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  beforeAll(async () => {
    module = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
    for (const thread of ['held', 'taken', 'answered'])
      expect((await runMain(['run', module, ...INPUT, '--thread', thread], cwd)).code).toBe(0);
  });

  /** Another process's claim on the thread, made in the store file as that process would. */
  async function holdElsewhere(threadId: string) {
    const store = new SqliteStore({ path: file });
    const lease = await store.claimThread(threadId, { holder: 'box-b:4242 (weft resume)', ttlMs: 60_000 });
    await store.close();
    return lease;
  }

  it('THREAD_BUSY: refused before anything runs, with the holder, since when, and the takeover command', async () => {
    const lease = await holdElsewhere('held');
    const since = new Date(lease.since).toISOString();
    const until = new Date(lease.expiresAt).toISOString();
    const message = `weft: thread "held" is being run by box-b:4242 (weft resume) since ${since} (its lease runs until ${until} unless renewed); wait for that run to end, or take the thread over (takeOver: true, weft resume --take-over) only if that holder is gone`;
    const hint = (options: string) =>
      `hint: box-b:4242 (weft resume) runs it since ${formatTime(lease.since)} (its lease runs until ${formatTime(lease.expiresAt)} unless renewed): wait for that run to end; only if box-b:4242 (weft resume) is gone (its process ended, its machine is lost) take the thread over: weft resume --take-over${options} -- held`;
    expect(await runMain(['resume', '--value', APPROVE, '--', 'held'], cwd)).toEqual({
      code: 1,
      stdout: '',
      stderr: `${message}\n${hint(` --value '${APPROVE}'`)}\n`,
    });
    expect(await runMain(['run', module, ...INPUT, '--thread', 'held'], cwd)).toEqual({
      code: 1,
      stdout: '',
      stderr: `${message}\n${hint('')}\n`,
    });
    // Nothing was written: the thread still waits at its approval.
    const history = JSON.parse((await runMain(['history', '--json', '--', 'held'], cwd)).stdout) as { checkpoints: { status: string }[] };
    expect(history.checkpoints.map((c) => c.status)).toEqual(['interrupted', 'running', 'running']);
    // The listing shows who runs it.
    const threads = JSON.parse((await runMain(['threads', '--json'], cwd)).stdout) as {
      threads: { threadId: string; runningBy: unknown }[];
    };
    expect(threads.threads.find((t) => t.threadId === 'held')?.runningBy).toEqual({
      holder: 'box-b:4242 (weft resume)',
      since: lease.since,
      expiresAt: lease.expiresAt,
    });
  });

  it('--take-over takes the thread from a holder that is gone, and finishes it', async () => {
    await holdElsewhere('taken');
    const taken = await runMain(['resume', '--take-over', '--value', APPROVE, '--', 'taken'], cwd);
    expect([taken.code, taken.stderr, taken.stdout.trimEnd().split('\n').at(-1)]).toEqual([
      0,
      '',
      'done · thread taken · seq 6, step 3 · output paid 500 to Ann',
    ]);
    // The run released the lease when it ended.
    const threads = JSON.parse((await runMain(['threads', '--json'], cwd)).stdout) as {
      threads: { threadId: string; runningBy: unknown }[];
    };
    expect(threads.threads.find((t) => t.threadId === 'taken')?.runningBy).toBeNull();
    expect(await runMain(['run', module, ...INPUT, '--take-over'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: run: --take-over needs --thread\nhint: a new thread has no one to take it from\n',
    });
  });

  it('a value for an interrupt an earlier resume answered: continue with it, or fork from the interrupted checkpoint', async () => {
    const store = new SqliteStore({ path: file });
    const interrupted = (await store.get('answered'))!.id;
    await store.close();
    await resumeThatStopsAtOnce(file, 'answered');
    const again = await runMain(['resume', '--value', '{"approved":false}', '--', 'answered'], cwd);
    const head = (
      JSON.parse((await runMain(['history', '--json', '--', 'answered'], cwd)).stdout) as { checkpoints: { id: string; source: string }[] }
    ).checkpoints[0]!;
    expect(head.source).toBe('resume');
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `weft: interrupt "approve#0" of thread "answered" already has a value from an earlier resume (checkpoint "${head.id}"), which the thread continues with\n` +
        `hint: continue with that value, without giving one: weft resume -- answered; to answer differently, fork from the interrupted checkpoint: weft resume --checkpoint ${interrupted} --value '<json>' --interrupt 'approve#0' -- answered\n`,
    });
    // Without a value it continues with the one given before.
    const continued = await runMain(['resume', '--', 'answered'], cwd);
    expect([continued.code, continued.stdout.trimEnd().split('\n').at(-1)]).toEqual([
      0,
      'done · thread answered · seq 7, step 3 · output paid 500 to Ann',
    ]);
  });

  it('WEFT_LEASE_TTL_MS must be a number of milliseconds', async () => {
    for (const ttl of ['0', '-5', '1.5', 'soon'])
      expect(await runMain(['threads'], cwd, { WEFT_LEASE_TTL_MS: ttl })).toEqual({
        code: 2,
        stdout: '',
        stderr: `weft: WEFT_LEASE_TTL_MS "${ttl}" is not a lease time\nhint: set it to a whole number of milliseconds, e.g. WEFT_LEASE_TTL_MS=15000, or unset it for the default (15 s)\n`,
      });
  });
});

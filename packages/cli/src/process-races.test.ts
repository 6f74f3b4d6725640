/**
 * One runner per thread, across real processes. Racer processes (kept alive
 * across rounds, commands over stdin) all resume the same interrupted thread
 * at once with the approval of a tool that appends a line to a file: each
 * round the tool runs exactly once, and every other racer is refused before
 * any node runs — on SQLite in each durability mode. Then the `weft` binary
 * itself: 8 `weft resume` processes on one thread, a second process
 * continuing a thread another is running, and a SIGKILLed holder whose
 * thread continues after the lease expires without repeating a finished step.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { SqliteStore, type Durability } from '@weft/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineProcess } from '../test-support/line-process.ts';
import { cleanRound, raceRounds, startRacers } from '../test-support/race-harness.ts';
import { runMain } from '../test-support/run-main.ts';
import { FIXTURES, projectModule, tempDir, weft, weftProcess } from '../test-support/spawn-weft.ts';

const RACERS = 8;
const ROUNDS = 20;

describe('racer processes resuming one thread on SQLite', () => {
  const cwd = tempDir();
  const appendFile = join(cwd, 'appends.txt');
  let racers: LineProcess[] = [];
  beforeAll(async () => {
    writeFileSync(appendFile, '');
    racers = await startRacers(RACERS, cwd, appendFile);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(racers.map((r) => r.end()));
    rmSync(cwd, { recursive: true, force: true });
  });

  it.each<Durability>(['sync', 'async', 'exit'])(
    'durability %s: one append per round, every other racer refused before running',
    async (durability) => {
      const file = join(cwd, `${durability}.db`);
      const store = new SqliteStore({ path: file });
      try {
        const rounds = await raceRounds(racers, {
          rounds: ROUNDS,
          racerStore: `sqlite:${file}:${durability}`,
          store,
          appendFile,
          prefix: durability,
        });
        expect(rounds).toEqual(Array(ROUNDS).fill(cleanRound(RACERS)));
      } finally {
        await store.close();
      }
    },
    120_000,
  );
});

describe('weft processes on one thread (SQLite)', () => {
  const cwd = tempDir();
  const counts = join(cwd, 'counts.txt');
  const appends = join(cwd, 'appends.txt');
  const ran = () => readFileSync(counts, 'utf8').trim().split('\n').filter(Boolean);
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  beforeAll(() => {
    projectModule(cwd, join(FIXTURES, 'append-agent.ts'));
    projectModule(cwd, join(FIXTURES, 'counting-graph.ts'));
    writeFileSync(appends, '');
  });

  it('8 weft resume processes with the approval: the tool runs once, the others are refused', async () => {
    const run = await runMain(['run', 'append-agent.ts', '--query', 'shared', '--thread', 'shared'], cwd);
    expect(run.code).toBe(0);
    const env = { WEFT_TEST_APPEND_FILE: appends };
    const resumes = await Promise.all(
      Array.from({ length: RACERS }, () => weft(['resume', '--value', '{"approved":true}', '--', 'shared'], cwd, env)),
    );
    expect(readFileSync(appends, 'utf8'), resumes.map((r) => `${r.code} ${r.stdout} ${r.stderr}`).join('\n')).toBe('shared\n');
    const outcomes = resumes.map((r) =>
      r.code === 0 && r.stdout.trimEnd().endsWith('done · thread shared · seq 7, step 4')
        ? 'done'
        : r.code === 1 && /^weft: thread "shared" is being run by .* \(weft resume\) since /.test(r.stderr)
          ? 'busy'
          : r.code === 1 && /^weft: interrupt ".+" of thread "shared" was answered by an earlier resume \(checkpoint "\w+"\)/.test(r.stderr)
            ? 'late'
            : `unexpected: ${r.code} ${r.stdout} ${r.stderr}`,
    );
    expect(
      outcomes.filter((o) => o === 'done'),
      outcomes.join('\n'),
    ).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'done' && o !== 'busy' && o !== 'late')).toEqual([]);
    // A refused process printed nothing on stdout: it did not even say it was resuming.
    expect(resumes.filter((r) => r.code !== 0).map((r) => r.stdout)).toEqual(Array(RACERS - 1).fill(''));
  });

  it('continuing a thread another process is running is refused with THREAD_BUSY, and runs nothing', async () => {
    writeFileSync(counts, '');
    const env = { WEFT_TEST_COUNT_FILE: counts, WEFT_LEASE_TTL_MS: '60000' };
    const holder = weftProcess(['run', 'counting-graph.ts', '--query', '', '--thread', 'held', '--json'], cwd, {
      ...env,
      WEFT_TEST_BLOCK_IN: 'b',
    });
    await holder.waitFor((l) => l.includes('"type":"node.custom"') && l.includes('"entered":"b"'));
    const lease = (
      JSON.parse((await runMain(['threads', '--json'], cwd)).stdout) as {
        threads: { threadId: string; runningBy: { holder: string; since: number; expiresAt: number } | null }[];
      }
    ).threads.find((t) => t.threadId === 'held')?.runningBy;
    expect(lease?.holder).toBe(`${hostname()}:${holder.child.pid} (weft run)`);
    // WEFT_LEASE_TTL_MS reached the store the holder opened (the run renewed it once when it adopted the command's lease).
    const ttl = lease ? lease.expiresAt - lease.since : 0;
    expect(ttl >= 60_000 && ttl < 65_000).toBe(true);

    const second = await weft(['resume', '--', 'held'], cwd, env);
    expect(second.code).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr.split('\n')[0]).toMatch(
      new RegExp(`^weft: thread "held" is being run by ${hostname()}:${holder.child.pid} \\(weft run\\) since `),
    );
    expect(second.stderr.split('\n')[1]).toMatch(/^hint: .* take the thread over: weft resume --take-over -- held$/);
    expect(ran()).toEqual(['a', 'b']);

    holder.send('go');
    expect(await holder.exited).toBe(0);
    expect(ran()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a SIGKILLed holder: the thread continues once its lease expires, no finished step runs twice', async () => {
    writeFileSync(counts, '');
    const env = { WEFT_TEST_COUNT_FILE: counts, WEFT_LEASE_TTL_MS: '1000' };
    const killed = weftProcess(['run', 'counting-graph.ts', '--query', '', '--thread', 'crashed', '--json'], cwd, {
      ...env,
      WEFT_TEST_BLOCK_IN: 'c',
    });
    await killed.waitFor((l) => l.includes('"type":"node.custom"') && l.includes('"entered":"c"'));
    killed.child.kill('SIGKILL');
    await killed.exited;
    await leaseExpired(join(cwd, '.weft/weft.db'), 'crashed');
    const resumed = await weft(['resume', '--', 'crashed'], cwd, env);
    expect([resumed.code, resumed.stderr, resumed.stdout.trimEnd().split('\n').at(-1)]).toEqual([
      0,
      '',
      'done · thread crashed · seq 6, step 4 · output abcd',
    ]);
    // a and b had finished: once each; c was running when the holder died: twice; d once.
    expect(ran()).toEqual(['a', 'b', 'c', 'c', 'd']);
  });
});

/** Waits until nobody holds the thread: its holder died, and the lease runs out after its time (checked as the store sees it). */
async function leaseExpired(file: string, threadId: string): Promise<void> {
  const store = new SqliteStore({ path: file });
  try {
    for (let lease = await store.threadLease(threadId); lease; lease = await store.threadLease(threadId))
      await new Promise((wake) => setTimeout(wake, Math.max(10, lease!.expiresAt - Date.now())));
  } finally {
    await store.close();
  }
}

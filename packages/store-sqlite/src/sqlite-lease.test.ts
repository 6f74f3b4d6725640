import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEASE_TTL_MS, type CheckpointStore } from '@weft/checkpoint';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { REVIEW_THREAD, reviewGraph } from '../test-support/review-graph.ts';
import { PROCESS_TEST_TIMEOUT_MS, spawnChild } from '../test-support/spawn-child.ts';
import { SqliteStore } from './sqlite-store.ts';
import type { Durability } from './sqlite-store-options.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-lease-'));
let files = 0;
const freshFile = (): string => join(dir, `db-${files++}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DURABILITIES = ['sync', 'async', 'exit'] as const satisfies Durability[];

async function failure(p: PromiseLike<unknown> | (() => unknown)): Promise<{ code?: unknown; message: string }> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    return err as { code?: unknown; message: string };
  }
  throw new Error('expected a failure, but it succeeded');
}

const seqs = async (store: CheckpointStore, threadId: string): Promise<number[]> => (await store.list(threadId)).map((e) => e.seq);

/** The lease rows as another process reads them from the file. */
function leaseRows(path: string): unknown[] {
  const raw = new Database(path, { readonly: true });
  try {
    return raw.prepare('SELECT thread_id, holder FROM leases ORDER BY thread_id').all();
  } finally {
    raw.close();
  }
}

describe('the lease time', () => {
  it('is 15 s unless leaseTtlMs says otherwise; a claim may ask for its own', async () => {
    const byDefault = new SqliteStore({ path: freshFile() });
    const short = new SqliteStore({ path: freshFile(), leaseTtlMs: 2_000 });
    const a = await byDefault.claimThread('t', { holder: 'h' });
    const b = await short.claimThread('t', { holder: 'h' });
    const c = await short.claimThread('u', { holder: 'h', ttlMs: 500 });
    expect([a.ttlMs, a.expiresAt - a.since, b.ttlMs, c.ttlMs]).toEqual([DEFAULT_LEASE_TTL_MS, 15_000, 2_000, 500]);
    await byDefault.close();
    await short.close();
  });

  it('a bad leaseTtlMs is refused with INVALID_ARGUMENT', async () => {
    for (const leaseTtlMs of [0, -1, 1.5, '15000', Number.NaN])
      expect(await failure(() => new SqliteStore({ path: freshFile(), leaseTtlMs: leaseTtlMs as number }))).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: `new SqliteStore(): leaseTtlMs must be a positive integer (milliseconds), got ${String(leaseTtlMs)}`,
      });
  });
});

describe.each(DURABILITIES)("two stores on one file, durability '%s'", (durability) => {
  it('a lease is on the file as soon as it is claimed: the other store is refused until it is released', async () => {
    const path = freshFile();
    const a = new SqliteStore({ path, durability });
    const b = new SqliteStore({ path, durability });
    const lease = await a.claimThread('t', { holder: 'process a' });
    expect(leaseRows(path)).toEqual([{ thread_id: 't', holder: 'process a' }]);
    expect(await failure(b.claimThread('t', { holder: 'process b' }))).toMatchObject({
      code: 'THREAD_BUSY',
      details: { threadId: 't', holder: 'process a' },
    });
    expect((await b.threadLease('t'))?.token).toBe(lease.token);
    const renewed = await a.renewThread(lease);
    expect((await b.threadLease('t'))?.expiresAt).toBe(renewed.expiresAt);
    await a.releaseThread(lease);
    expect(leaseRows(path)).toEqual([]);
    expect((await b.claimThread('t', { holder: 'process b' })).holder).toBe('process b');
    await a.close();
    await b.close();
  });
});

describe("durability 'exit': releasing a lease writes the held checkpoints first", () => {
  it('another store sees none of the thread’s puts while the lease is held, and all of them once it is released', async () => {
    const path = freshFile();
    const holder = new SqliteStore({ path, durability: 'exit' });
    const other = new SqliteStore({ path });
    const lease = await holder.claimThread('t', { holder: 'h' });
    await holder.put(conformanceEntry('t', 1));
    await holder.put(conformanceEntry('t', 2));
    expect(await seqs(other, 't')).toEqual([]);
    await holder.releaseThread(lease);
    expect(await seqs(other, 't')).toEqual([2, 1]);
    expect(await other.threadLease('t')).toBeUndefined();
    await holder.close();
    await other.close();
  });
});

/** What a racing process printed before "answered": its run's status or the code it was refused with. */
const outcomeOf = (stdout: string): string => {
  const lines = stdout.split('\n');
  return lines[lines.indexOf('answered') - 1] ?? 'none';
};

/**
 * Starts 8 processes on an interrupted thread, sends "go" to each wave
 * (a wave starts when the previous one has answered), then lets them all
 * exit and checks that exactly one ran the node and finished the thread.
 */
async function race(durability: Durability, waves: number[][]): Promise<{ winner: string; outcomes: string[] }> {
  const path = freshFile();
  const startsFile = `${path}.starts`;
  const setup = new SqliteStore({ path, durability });
  expect((await reviewGraph(setup).run('x', { threadId: REVIEW_THREAD })).status).toBe('interrupted');
  await setup.close();

  const names = Array.from({ length: 8 }, (_, i) => `p${i}`);
  const children = names.map((name) => spawnChild('race-child.ts', [path, durability, startsFile, name]));
  await Promise.all(children.map((c) => c.printed('ready')));
  for (const wave of waves) {
    for (const i of wave) children[i]!.process.stdin.write('go\n');
    await Promise.all(wave.map((i) => children[i]!.printed('answered')));
  }
  for (const c of children) c.process.stdin.end();
  const exits = await Promise.all(children.map((c) => c.exited));

  expect(exits.map((e) => ({ code: e.code, stderr: e.stderr }))).toEqual(names.map(() => ({ code: 0, stderr: '' })));
  const outcomes = exits.map((e) => outcomeOf(e.stdout));
  const winners = names.filter((_, i) => outcomes[i] === '{"status":"done"}');
  expect(winners, `outcomes: ${outcomes.join(' ')}`).toHaveLength(1);
  const winner = winners[0]!;
  expect(readFileSync(startsFile, 'utf8')).toBe(`${winner}\n`);

  const after = new SqliteStore({ path });
  const state = await reviewGraph(after).getState(REVIEW_THREAD);
  expect({ status: state.status, output: state.output, state: state.state }).toEqual({
    status: 'done',
    output: `x+d+${winner}`,
    state: { log: ['draft', `review:${winner}`] },
  });
  expect((await after.list(REVIEW_THREAD)).map((e) => `${e.seq} ${e.status}`)).toEqual([
    '5 done',
    '4 running',
    '3 interrupted',
    '2 running',
    '1 running',
  ]);
  expect(await after.threadLease(REVIEW_THREAD)).toBeUndefined();
  await after.close();
  return { winner, outcomes: outcomes.filter((_, i) => names[i] !== winner) };
}

describe.each(['exit', 'sync'] as const)("8 processes resume one interrupted thread (durability '%s')", (durability) => {
  it(
    'all at once: exactly one runs the node and finishes the thread; the others are refused',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const { outcomes } = await race(durability, [[0, 1, 2, 3, 4, 5, 6, 7]]);
      // Refused at the lease while the winner runs, or after it: the thread is done, its interrupt answered by the winner.
      for (const o of outcomes) expect(['{"code":"THREAD_BUSY"}', '{"code":"INTERRUPT_ALREADY_ANSWERED"}']).toContain(o);
    },
  );

  it('one first, then seven at once: the seven find the thread finished', { timeout: PROCESS_TEST_TIMEOUT_MS }, async () => {
    const { winner, outcomes } = await race(durability, [[0], [1, 2, 3, 4, 5, 6, 7]]);
    expect(winner).toBe('p0');
    for (const o of outcomes) expect(['{"code":"THREAD_BUSY"}', '{"code":"INTERRUPT_ALREADY_ANSWERED"}']).toContain(o);
    expect(outcomes).toContain('{"code":"INTERRUPT_ALREADY_ANSWERED"}');
  });
});

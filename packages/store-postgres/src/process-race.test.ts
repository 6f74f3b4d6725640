import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckpointEntry } from '@weft/checkpoint';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshSchema, PG_URL, pgDescribe } from '../test-support/pg-test-env.ts';
import { RacerProcess } from '../test-support/racer-process.ts';
import { raceGraph } from '../test-support/race-graph.ts';
import { PostgresStore } from './postgres-store.ts';

const RACERS = 8;
const ROUNDS = 20;
const describePg = pgDescribe();

interface Outcome {
  round: number;
  ok: boolean;
  status?: string;
  output?: unknown;
  code?: string;
  claim: string;
  reads: number;
  puts: number;
  nodes: number;
}

const plain = (es: CheckpointEntry[]) => es.map((e) => ({ ...e, bytes: Uint8Array.from(e.bytes) }));

describePg(`${RACERS} processes racing ${ROUNDS} rounds to resume one interrupted thread`, () => {
  const schema = freshSchema();
  const dir = mkdtempSync(join(tmpdir(), 'weft-race-'));
  const sideEffects = join(dir, 'appended.txt');
  let store: PostgresStore;
  let children: RacerProcess[] = [];
  const tally = { winners: 0, busy: 0, late: 0 };

  beforeAll(async () => {
    writeFileSync(sideEffects, '');
    store = new PostgresStore({ connectionString: PG_URL, schema });
    await store.migrate(); // before the racers start, so they do not queue on the migration lock
    children = Array.from({ length: RACERS }, (_, i) => new RacerProcess([PG_URL!, schema, `child-${i}`, sideEffects]));
    expect(await Promise.all(children.map((c) => c.next()))).toEqual(children.map(() => 'ready'));
  }, 60_000);

  afterAll(async () => {
    expect(await Promise.all(children.map((c) => c.end()))).toEqual(children.map(() => 0));
    await store.close();
    const admin = new pg.Pool({ connectionString: PG_URL });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dir, { recursive: true });
  }, 60_000);

  /** Lines the resumed node appended for this round: the side effect, counted outside the store. */
  const appended = (round: number): string[] =>
    readFileSync(sideEffects, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith(`round ${round} ->`));

  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round}: one racer runs the node once; every other is refused before running anything`, async () => {
      const g = raceGraph(store);
      const threadId = `race-${round}-${Date.now()}`;
      const first = await g.run(`round ${round}`, { threadId });
      expect([first.status, first.interrupts.map((i) => i.id)]).toEqual(['interrupted', ['ask#0']]);
      const before = await store.list(threadId);

      for (const c of children) c.send(`round ${round} ${threadId}`);
      expect(await Promise.all(children.map((c) => c.next()))).toEqual(children.map(() => `claiming ${round}`));
      for (const c of children) c.send(`claim ${round}`);
      const outcomes = (await Promise.all(children.map((c) => c.next()))).map((l) => JSON.parse(l) as Outcome);

      const winners = outcomes.flatMap((o, i) => (o.ok ? [i] : []));
      expect(winners).toHaveLength(1);
      const w = winners[0]!;
      expect(outcomes[w]).toEqual({
        round,
        ok: true,
        status: 'done',
        output: `round ${round} -> child-${w} (done)`,
        claim: 'won',
        reads: expect.any(Number),
        puts: 3, // the resume, after `ask`, after `finish`
        nodes: 2,
      });
      for (const [i, o] of outcomes.entries()) {
        if (i === w) continue;
        const { message: _, ...seen } = o as Outcome & { message?: string };
        // Refused at the lease while the winner held it: read nothing, wrote nothing, ran nothing.
        const busy = { round, ok: false, code: 'THREAD_BUSY', claim: 'THREAD_BUSY', reads: 0, puts: 0, nodes: 0 };
        // Or claimed after the winner released it, and found the interrupt already answered: ran nothing either.
        const late = { round, ok: false, code: 'INTERRUPT_ALREADY_ANSWERED', claim: 'won', reads: expect.any(Number), puts: 0, nodes: 0 };
        expect(seen, `child-${i}`).toEqual(seen.code === 'THREAD_BUSY' ? busy : late);
        if (seen.code === 'THREAD_BUSY') tally.busy++;
        else tally.late++;
      }
      tally.winners++;

      expect(appended(round)).toEqual([`round ${round} -> child-${w}`]);
      expect((await g.getState(threadId)).state).toEqual({ answeredBy: [`child-${w}`] });
      expect(await store.threadLease(threadId)).toBeUndefined();
      // One continuation: the old history unchanged, then one chain of new checkpoints from the interrupted head.
      const after = await store.list(threadId);
      const added = after.slice(0, after.length - before.length).reverse();
      expect(plain(after.slice(added.length))).toEqual(plain(before));
      expect(after.map((e) => e.seq)).toEqual(after.map((_, i) => after.length - i));
      expect(added.map((e) => e.parentId)).toEqual([before[0]!.id, ...added.slice(0, -1).map((e) => e.id)]);
      expect(added.map((e) => e.status)).toEqual(['running', 'running', 'done']);
    }, 60_000);
  }

  it(`over ${ROUNDS} rounds: ${ROUNDS} appends, ${ROUNDS} winners, and the losers mostly refused at the lease`, () => {
    const lines = readFileSync(sideEffects, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(ROUNDS);
    expect(tally.winners).toBe(ROUNDS);
    expect(tally.busy + tally.late).toBe(ROUNDS * (RACERS - 1));
    console.log(`process race: ${tally.winners} winners, ${tally.busy} THREAD_BUSY, ${tally.late} late (INTERRUPT_ALREADY_ANSWERED)`);
    // All racers claim at one moment (the barrier), so most losers find the lease held.
    expect(tally.busy).toBeGreaterThan(tally.late);
  });
});

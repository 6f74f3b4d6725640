import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckpointStatus } from '@weft/checkpoint';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { SqliteStore } from './sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-flips-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRIALS = 1000;
const SEED = 0x5eed;
/** The errors that say "this is damaged" and nothing else. CHECKPOINT_VERSION: a flip in the schema version number. */
const TYPED = ['CHECKPOINT_CORRUPT', 'STORE_UNREADABLE', 'CHECKPOINT_VERSION'];

/** mulberry32: a small seeded generator, so a failing trial can be replayed. */
function random(seed: number): (below: number) => number {
  let a = seed >>> 0;
  return (below) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

/**
 * Three threads: many small checkpoints; a few with one big enough to need
 * SQLite overflow pages; and one pruned in the middle (gaps in seq).
 */
async function sample(path: string): Promise<void> {
  const store = new SqliteStore({ path });
  const statuses: CheckpointStatus[] = ['running', 'interrupted', 'running', 'done', 'error'];
  for (let seq = 1; seq <= 12; seq++) await store.put(conformanceEntry('small', seq, { status: statuses[seq % 5]! }));
  for (let seq = 1; seq <= 4; seq++)
    await store.put(conformanceEntry('big', seq, { bytes: new Uint8Array(seq === 2 ? 9000 : 300).map((_, i) => (i * seq) & 0xff) }));
  for (let seq = 1; seq <= 8; seq++) await store.put(conformanceEntry('pruned', seq, { status: seq === 8 ? 'interrupted' : 'running' }));
  await store.deleteCheckpoints('pruned', ['cp-2', 'cp-3', 'cp-6']);
  await store.close();
}

type Read = [name: string, read: (store: SqliteStore) => Promise<unknown>];

/** Every read a caller can make of the sample, each judged on its own. */
function reads(ids: Map<string, string[]>): Read[] {
  const out: Read[] = [['threads()', (s) => s.threads()]];
  for (const [t, list] of ids) {
    out.push([`get(${t})`, (s) => s.get(t)], [`list(${t})`, (s) => s.list(t)], [`list(${t}, limit 2)`, (s) => s.list(t, { limit: 2 })]);
    for (const id of list) out.push([`get(${t}, ${id})`, (s) => s.get(t, id)]);
  }
  return out;
}

type Outcome = { ok: unknown } | { error: unknown };

/** A thread's latest checkpoint read as one with a lower seq: the silent rollback these checks exist for. */
function olderHead(name: string, got: unknown, want: unknown): boolean {
  const seq = (got as { seq?: unknown } | undefined)?.seq;
  return /^get\(\w+\)$/.test(name) && typeof seq === 'number' && seq < (want as { seq: number }).seq;
}

/** 'original', 'older head', 'other data', an accepted error code, or 'untyped'. */
function judge(name: string, got: Outcome, want: Outcome): string {
  if ('ok' in got) {
    const expected = (want as { ok: unknown }).ok;
    return isDeepStrictEqual(got.ok, expected) ? 'original' : olderHead(name, got.ok, expected) ? 'older head' : 'other data';
  }
  const code = (got.error as { code?: unknown } | null)?.code;
  return TYPED.includes(code as string) ? (code as string) : 'untyped';
}

async function readAll(path: string, all: Read[]): Promise<Outcome[]> {
  let store: SqliteStore;
  try {
    store = new SqliteStore({ path });
  } catch (error) {
    return all.map(() => ({ error }));
  }
  const out: Outcome[] = [];
  for (const [, read] of all)
    out.push(
      await read(store).then(
        (ok) => ({ ok }),
        (error: unknown) => ({ error }),
      ),
    );
  await store.close().catch(() => undefined);
  return out;
}

describe('byte flips in the database file', () => {
  it(
    `${TRIALS} trials of 1–3 seeded byte flips: every read gives exactly the original data or a typed error, never an older head`,
    { timeout: 60_000 },
    async () => {
      const path = join(dir, 'sample.db');
      await sample(path);
      const original = readFileSync(path);
      const probe = new SqliteStore({ path });
      const ids = new Map<string, string[]>();
      for (const t of ['small', 'big', 'pruned'])
        ids.set(
          t,
          (await probe.list(t)).map((e) => e.id),
        );
      await probe.close();
      const all = reads(ids);
      const expected = await readAll(path, all);
      expect(expected.every((o) => 'ok' in o)).toBe(true);

      const next = random(SEED);
      const tally: Record<string, number> = {};
      const wrong: string[] = [];
      const trialPath = join(dir, 'trial.db');
      for (let trial = 0; trial < TRIALS; trial++) {
        const bytes = Buffer.from(original);
        const flips = Array.from({ length: 1 + next(3) }, () => ({ at: next(bytes.length), mask: 1 + next(255) }));
        for (const { at, mask } of flips) bytes[at]! ^= mask;
        writeFileSync(trialPath, bytes);
        const got = await readAll(trialPath, all);
        got.forEach((o, i) => {
          const [name] = all[i]!;
          const kind = judge(name, o, expected[i]!);
          tally[kind] = (tally[kind] ?? 0) + 1;
          if (kind === 'original' || TYPED.includes(kind)) return;
          const what = 'ok' in o ? String(JSON.stringify(o.ok)).slice(0, 160) : String(o.error);
          wrong.push(`trial ${trial} (${flips.map(({ at, mask }) => `byte ${at} ^ ${mask}`).join(', ')}): ${name}: ${kind}: ${what}`);
        });
        rmSync(trialPath, { force: true });
      }
      console.log(`byte flips: ${TRIALS} trials × ${all.length} reads in a ${original.length}-byte file:`, tally);
      expect(wrong.slice(0, 20)).toEqual([]);
    },
  );
});

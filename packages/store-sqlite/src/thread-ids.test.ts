import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { ThreadLease } from '@weft/checkpoint';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { SqliteStore } from './sqlite-store.ts';
import type { Durability } from './sqlite-store-options.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-ids-'));
let files = 0;
const freshFile = (): string => join(dir, `db-${files++}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const lease = (threadId: string): ThreadLease => ({ threadId, holder: 'h', token: 'token', since: 0, expiresAt: 1, ttlMs: 1 });

/** Every store method that takes a thread, called for `threadId`. */
const calls = (store: SqliteStore, threadId: string): Record<string, () => Promise<unknown>> => ({
  put: () => store.put(conformanceEntry(threadId, 1)),
  putSync: async () => store.putSync(conformanceEntry(threadId, 1)),
  get: () => store.get(threadId),
  'get(id)': () => store.get(threadId, 'cp-1'),
  list: () => store.list(threadId),
  delete: () => store.delete(threadId),
  deleteCheckpoints: () => store.deleteCheckpoints(threadId, ['cp-1']),
  claimThread: () => store.claimThread(threadId, { holder: 'h' }),
  renewThread: () => store.renewThread(lease(threadId)),
  releaseThread: () => store.releaseThread(lease(threadId)),
  threadLease: () => store.threadLease(threadId),
});

/** Each call's outcome as `code: message`, or 'ok'. */
async function outcomes(store: SqliteStore, threadId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, call] of Object.entries(calls(store, threadId)))
    out[name] = await call().then(
      () => 'ok',
      (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
    );
  return out;
}

/** The refusal @weft/checkpoint's checkThreadId gives, named after each method. */
const refusals = (why: string): Record<string, string> =>
  Object.fromEntries(
    Object.keys(calls(null as never, '')).map((name) => {
      const method = name === 'get(id)' ? 'get' : name;
      const where = method === 'claimThread' ? 'claimThread()' : `SqliteStore.${method}()`;
      return [name, `INVALID_ARGUMENT: ${where}: threadId ${why}`];
    }),
  );

/** What the file holds, read by another connection. */
function contents(path: string): unknown {
  const raw = new Database(path, { readonly: true });
  try {
    const count = (table: string) => raw.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    return { checkpoints: count('checkpoints'), heads: count('heads'), leases: count('leases') };
  } finally {
    raw.close();
  }
}

describe.each(['sync', 'exit'] as const satisfies Durability[])(
  "thread ids SQLite text cannot keep as they are (durability '%s')",
  (durability) => {
    it('every method refuses a NUL, a lone surrogate or an empty id with the INVALID_ARGUMENT @weft/graph gives, and writes nothing', async () => {
      const path = freshFile();
      const store = new SqliteStore({ path, durability });
      expect(await outcomes(store, 'thread\0one')).toEqual(refusals('must not contain a NUL character'));
      expect(await outcomes(store, 'thread\uD800one')).toEqual(refusals('must be well-formed Unicode text (it has a lone surrogate)'));
      expect(await outcomes(store, 'one\uDFFF')).toEqual(refusals('must be well-formed Unicode text (it has a lone surrogate)'));
      expect(await outcomes(store, '')).toEqual(refusals('must be a non-empty string'));
      await store.flush();
      expect(contents(path)).toEqual({ checkpoints: 0, heads: 0, leases: 0 });
      // A well-formed pair and other unusual text are kept as they are.
      for (const threadId of ['thread\uD83D\uDE00one', 'tab\there', ' spaced ', "quote'd"]) {
        await store.put(conformanceEntry(threadId, 1));
        expect((await store.get(threadId))?.threadId).toBe(threadId);
        expect((await store.threads()).map((t) => t.threadId)).toContain(threadId);
      }
      await store.close();
    });
  },
);

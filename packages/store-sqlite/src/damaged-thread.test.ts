import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { CheckpointStore } from '@weft/checkpoint';
import { conformanceEntry } from '@weft/checkpoint/conformance';
import { REVIEW_THREAD, reviewGraph } from '../test-support/review-graph.ts';
import { MIGRATIONS } from './schema-version.ts';
import { SqliteStore } from './sqlite-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-sqlite-thread-'));
let files = 0;
const freshFile = (): string => join(dir, `db-${files++}.sqlite`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function failure(p: PromiseLike<unknown>): Promise<{ code?: unknown; message: string; details?: unknown }> {
  try {
    await p;
  } catch (err) {
    return err as { code?: unknown; message: string };
  }
  throw new Error('expected a failure, but it succeeded');
}

const seqs = async (store: CheckpointStore, threadId: string, beforeSeq?: number): Promise<number[]> =>
  (await store.list(threadId, beforeSeq === undefined ? {} : { beforeSeq })).map((e) => e.seq);

/** Changes the file behind the store's back, as damage would. */
function tamper(path: string, sql: string, ...params: unknown[]): void {
  const raw = new Database(path);
  raw.prepare(sql).run(...params);
  raw.close();
}

const rowCount = (path: string, threadId: string): number => {
  const raw = new Database(path, { readonly: true });
  const n = raw.prepare('SELECT count(*) FROM checkpoints WHERE thread_id = ?').pluck().get(threadId) as number;
  raw.close();
  return n;
};

const damaged = (path: string, threadId: string, what: string) =>
  `thread "${threadId}" in database "${path}" is damaged: ${what}; restore the file from a backup, or delete the thread to give it up (resuming it from an older checkpoint would run the later steps again)`;

/** Three interrupted threads of the review graph (3 checkpoints each), the store closed. */
async function threeThreads(): Promise<string> {
  const path = freshFile();
  const store = new SqliteStore({ path });
  for (const t of ['x', 'y', REVIEW_THREAD]) expect((await reviewGraph(store).run(t, { threadId: t })).status).toBe('interrupted');
  await store.close();
  return path;
}

describe('a thread whose rows were lost or altered', () => {
  it('the head row lost (as when its index entry is lost): CHECKPOINT_CORRUPT, never the older checkpoint; resume runs no node and writes nothing', async () => {
    const path = await threeThreads();
    tamper(path, 'DELETE FROM checkpoints WHERE thread_id = ? AND seq = 3', REVIEW_THREAD);
    const store = new SqliteStore({ path });
    const err = await failure(store.get(REVIEW_THREAD));
    expect(err.code).toBe('CHECKPOINT_CORRUPT');
    expect(err.message).toMatch(
      /^thread "review" in database ".*" is damaged: its latest checkpoint should be #3 "[^"]+", but the file gives #2 "[^"]+" \(rows lost or altered\); restore the file/,
    );
    expect(await failure(store.list(REVIEW_THREAD))).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    expect(await failure(store.threads())).toMatchObject({ code: 'CHECKPOINT_CORRUPT', details: { threadId: REVIEW_THREAD } });
    let starts = 0;
    const g = reviewGraph(store, () => starts++);
    expect(await failure(g.resume({ threadId: REVIEW_THREAD, resume: { 'review#0': 'ok' } }))).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
    });
    expect(await failure(g.run('again', { threadId: REVIEW_THREAD }))).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    expect(starts).toBe(0);
    expect(rowCount(path, REVIEW_THREAD)).toBe(2);
    expect(await store.threadLease(REVIEW_THREAD)).toBeUndefined();
    // The other threads are untouched, and deleting the damaged one repairs the store.
    expect((await reviewGraph(store).resume({ threadId: 'x', resume: { 'review#0': 'ok' } })).output).toBe('x+d+ok');
    await store.delete(REVIEW_THREAD);
    expect((await store.threads()).map((t) => t.threadId).sort()).toEqual(['x', 'y']);
    await store.close();
  });

  it('a column altered in place (a status, a step): CHECKPOINT_CORRUPT naming the checkpoint, for every read that returns it', async () => {
    const path = await threeThreads();
    const store = new SqliteStore({ path });
    const head = await store.get('x');
    await store.close();
    tamper(path, "UPDATE checkpoints SET status = 'done' WHERE thread_id = 'x' AND seq = 3");
    tamper(path, "UPDATE checkpoints SET step = step + 1 WHERE thread_id = 'y' AND seq = 2");
    const again = new SqliteStore({ path });
    const x = { code: 'CHECKPOINT_CORRUPT', message: damaged(path, 'x', `checkpoint #3 "${head!.id}" does not match its checksum`) };
    expect(await failure(again.get('x'))).toMatchObject(x);
    expect(await failure(again.list('x'))).toMatchObject(x);
    expect(await failure(again.threads())).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message: damaged(path, 'x', `its latest checkpoint #3 "${head!.id}" does not match its checksum`),
    });
    const yMiddle = (await failure(again.list('y'))) as { details?: { checkpointId?: string } };
    expect(yMiddle).toMatchObject({ code: 'CHECKPOINT_CORRUPT', details: { threadId: 'y' } });
    expect(await failure(again.get('y', yMiddle.details!.checkpointId!))).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    // Reads that do not return the damaged row still work: the head, and a page below it.
    expect((await again.get('y'))?.seq).toBe(3);
    expect(await seqs(again, 'y', 2)).toEqual([1]);
    await again.close();
  });

  it('altered bytes: CHECKPOINT_CORRUPT from the store itself, before anything decodes them', async () => {
    const path = freshFile();
    const store = new SqliteStore({ path });
    for (let seq = 1; seq <= 3; seq++) await store.put(conformanceEntry('t', seq));
    await store.close();
    tamper(path, "UPDATE checkpoints SET bytes = substr(bytes, 1, length(bytes) - 1) WHERE thread_id = 't' AND seq = 2");
    const again = new SqliteStore({ path });
    expect(await failure(again.get('t', 'cp-2'))).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message: damaged(path, 't', 'the bytes of checkpoint #2 "cp-2" do not match their checksum'),
      details: { path, threadId: 't', checkpointId: 'cp-2' },
    });
    expect((await again.get('t'))?.seq).toBe(3);
    await again.close();
  });

  it('a row lost from the middle: a whole listing is CHECKPOINT_CORRUPT (the head counts the rows); pruning keeps the count right', async () => {
    const path = freshFile();
    const store = new SqliteStore({ path });
    for (let seq = 1; seq <= 6; seq++) await store.put(conformanceEntry('t', seq));
    expect(await store.deleteCheckpoints('t', ['cp-2', 'cp-4'])).toBe(2);
    expect(await seqs(store, 't')).toEqual([6, 5, 3, 1]);
    await store.close();
    tamper(path, "DELETE FROM checkpoints WHERE thread_id = 't' AND seq = 3");
    const again = new SqliteStore({ path });
    expect(await failure(again.list('t'))).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message: damaged(path, 't', 'it has 4 checkpoints, but the file gives 3'),
    });
    expect(await seqs(again, 't', 6)).toEqual([5, 1]); // a page below the head cannot be counted
    expect((await again.get('t'))?.seq).toBe(6);
    await again.close();
  });
});

describe('schema 3 on a database written with schema 1', () => {
  it('adds the head pointers and checksums of the rows already there: they read back exactly, and damage to them shows', async () => {
    const path = freshFile();
    const raw = new Database(path);
    raw.pragma('journal_mode = WAL');
    raw.exec(MIGRATIONS[0]!);
    raw.pragma('user_version = 1');
    const insert = raw.prepare(
      'INSERT INTO checkpoints (thread_id, seq, id, parent_id, step, status, created_at, bytes) VALUES (@threadId, @seq, @id, @parentId, @step, @status, @createdAt, @bytes)',
    );
    const written = [1, 2, 3, 5].map((seq) => conformanceEntry('old', seq, { status: seq === 5 ? 'done' : 'running' }));
    for (const e of [...written, conformanceEntry('other', 1)]) insert.run({ ...e, bytes: Buffer.from(e.bytes) });
    raw.close();

    const store = new SqliteStore({ path });
    expect((await store.list('old')).map((e) => ({ ...e, bytes: [...e.bytes] }))).toEqual(
      [...written].reverse().map((e) => ({ ...e, bytes: [...e.bytes] })),
    );
    expect((await store.threads()).map((t) => [t.threadId, t.seq, t.headId])).toEqual([
      ['old', 5, 'cp-5'],
      ['other', 1, 'cp-1'],
    ]);
    await store.put(conformanceEntry('old', 6));
    await store.close();
    tamper(path, "UPDATE checkpoints SET created_at = 0 WHERE thread_id = 'old' AND seq = 1");
    const again = new SqliteStore({ path });
    expect(await failure(again.get('old', 'cp-1'))).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    await again.close();
  });
});

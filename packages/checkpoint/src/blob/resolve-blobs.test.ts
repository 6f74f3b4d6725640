import { crc32 } from 'node:zlib';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_FIELDS, decodeCheckpoint, encodeCheckpoint } from '../codec/codec.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { readChain } from '../store/read-chain.ts';
import { BLOB_THRESHOLD, BlobCollector } from './blob-collector.ts';
import { BLOB_KEY, blobHash } from './blob-ref.ts';
import { resolveBlobs } from './resolve-blobs.ts';
import { checkpointRecord } from '../conformance/checkpoint-record.ts';

const GRAPH = { name: 'g', hash: 'h' };
const bytesOf = (size: number, seed = 1): Uint8Array => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff);

const record = (state: unknown, over: Partial<CheckpointRecord> = {}): CheckpointRecord =>
  checkpointRecord({ id: 'c1', state: { full: state }, ...over });

/** Stores `r` (with the blobs its encoding found) in a new MemoryStore. */
function stored(r: CheckpointRecord, blobs = new BlobCollector()): { store: MemoryStore; bytes: Uint8Array } {
  const store = new MemoryStore();
  const bytes = encodeCheckpoint(r, blobs);
  const { threadId, id, parentId, seq, step, status, createdAt } = r;
  store.putSync({ threadId, id, parentId, seq, step, status, createdAt, bytes, blobs: blobs.blobs() });
  return { store, bytes };
}

/** A version 3 body written by hand (what someone with write access to the store could put there). */
function forged(state: unknown, list: unknown[]): Uint8Array {
  const r = record(state);
  const body = new Packr({ useRecords: false, moreTypes: false, bundleStrings: false }).pack([...CHECKPOINT_FIELDS.map((f) => r[f]), list]);
  const bytes = Buffer.concat([Buffer.from('WFCP'), Buffer.alloc(4), Buffer.from([3]), body]);
  bytes.writeUInt32BE(crc32(bytes.subarray(8)), 4);
  return bytes;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err as { code: string; message: string },
  );

describe('binary values stored beside the checkpoint', () => {
  it('a Uint8Array at the threshold becomes a reference and a blob; smaller ones and text stay in the body', async () => {
    const big = bytesOf(BLOB_THRESHOLD);
    const small = bytesOf(BLOB_THRESHOLD - 1);
    const blobs = new BlobCollector();
    const r = record({ a: big, again: [big], small, text: 'x'.repeat(BLOB_THRESHOLD) });
    const { store, bytes } = stored(r, blobs);
    expect(blobs.hashes).toEqual([blobHash(big)]);
    expect(bytes.length).toBeLessThan(2 * BLOB_THRESHOLD + 400); // the small value and the text, not the large value
    const decoded = decodeCheckpoint(bytes, 'test');
    expect((decoded.state as { full: { a: unknown } }).full.a).toEqual({ [BLOB_KEY]: [blobHash(big), BLOB_THRESHOLD] });
    await resolveBlobs(store, 't', [decoded]);
    const state = (decoded.state as { full: { a: Uint8Array; again: Uint8Array[]; small: Uint8Array; text: string } }).full;
    expect([Buffer.from(state.a).equals(big), Buffer.from(state.again[0]!).equals(big), Buffer.from(state.small).equals(small)]).toEqual([
      true,
      true,
      true,
    ]);
    // A text-only record lists no blobs and decodes to exactly what was written.
    const text = record({ text: 'x'.repeat(100_000) });
    const plain = new BlobCollector();
    expect(decodeCheckpoint(encodeCheckpoint(text, plain), 'test')).toEqual(text);
    expect(plain.hashes).toEqual([]);
  });

  it('a blob that is missing or whose bytes do not hash to its key is CHECKPOINT_CORRUPT, and the store is unchanged', async () => {
    const big = bytesOf(40_000);
    const r = record({ image: big });
    const { bytes } = stored(r);
    const empty = new MemoryStore();
    const where = `checkpoint "c1" of thread "t" is corrupt`;
    expect(await failure(resolveBlobs(empty, 't', [decodeCheckpoint(bytes, 'test')]))).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message: `${where} (its blob ${blobHash(big)} is missing from the store); pick an earlier checkpoint from history()`,
    });
    // The right key, other bytes.
    const swapped = new MemoryStore();
    swapped.putSync({
      threadId: 't',
      id: 'c1',
      parentId: null,
      seq: 1,
      step: 0,
      status: 'running',
      createdAt: 1,
      bytes,
      blobs: [{ hash: blobHash(big), bytes: bytesOf(40_000, 2) }],
    });
    const before = await swapped.list('t');
    expect(await failure(readChain(swapped, GRAPH, 't', undefined))).toMatchObject({
      code: 'CHECKPOINT_CORRUPT',
      message: `${where} (its blob ${blobHash(big)} does not hash to its key); pick an earlier checkpoint from history()`,
    });
    expect(await swapped.list('t')).toEqual(before);
  });

  it.each([
    [
      'a reference to a blob the record does not list',
      (h: string) => ({ [BLOB_KEY]: [h, 40_000] }),
      [],
      /a reference to blob \w+, which it does not list/,
    ],
    ['a reference whose length is not the blob’s', (h: string) => ({ [BLOB_KEY]: [h, 5] }), ['listed'], /of 5 bytes, which holds 40000/],
    [
      'a reference with another key beside it',
      (h: string) => ({ [BLOB_KEY]: [h, 40_000], x: 1 }),
      ['listed'],
      /a malformed blob reference/,
    ],
    ['a reference that is not [hash, length]', (h: string) => ({ [BLOB_KEY]: h }), ['listed'], /a malformed blob reference/],
    ['a listed blob nothing refers to', () => 'nothing', ['listed'], /names blobs it does not refer to/],
  ])('%s is CHECKPOINT_CORRUPT', async (_, ref, list, why) => {
    const blob = bytesOf(40_000);
    const hash = blobHash(blob);
    const store = new MemoryStore();
    store.putSync({
      threadId: 'x',
      id: 'c0',
      parentId: null,
      seq: 1,
      step: 0,
      status: 'running',
      createdAt: 1,
      bytes: Uint8Array.of(0),
      blobs: [{ hash, bytes: blob }],
    });
    const decoded = decodeCheckpoint(
      forged(
        { image: ref(hash) },
        list.map(() => hash),
      ),
      'test',
    );
    const err = await failure(
      resolveBlobs({ ...store, getBlobs: (_t, hashes) => store.getBlobs('x', hashes) } as MemoryStore, 't', [decoded]),
    );
    expect(err).toMatchObject({ code: 'CHECKPOINT_CORRUPT' });
    expect(err!.message).toMatch(why);
  });

  it('a blob list that is not distinct sha-256 hashes is refused by the decoder', () => {
    const hash = blobHash(Uint8Array.of(1));
    for (const [list, why] of [
      [['nope'], /holds something other than sha-256 hashes/],
      [[hash, hash], /names a blob twice/],
      [[hash.toUpperCase()], /sha-256/],
    ] as const)
      expect(() => decodeCheckpoint(forged({}, [...list]), 'test')).toThrow(why);
  });

  it('data may not use the reference key; a value over the limit is refused before it is hashed or kept', () => {
    expect(() => encodeCheckpoint(record({ [BLOB_KEY]: 1 }), new BlobCollector())).toThrow(
      expect.objectContaining({ code: 'CHECKPOINT_UNSERIALIZABLE', message: expect.stringContaining('reserved for binary values') }),
    );
    const blobs = new BlobCollector({ maxBytes: 50_000 });
    expect(() => encodeCheckpoint(record({ a: bytesOf(40_000), b: bytesOf(60_000) }), blobs)).toThrow(
      expect.objectContaining({ code: 'CHECKPOINT_VALUE_TOO_LARGE', details: { bytes: 60_000, limit: 50_000 } }),
    );
  });
});

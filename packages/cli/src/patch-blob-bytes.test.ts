import { createHash } from 'node:crypto';
import type { CheckpointStore, RunLogLine } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { patchBlobBytes } from './patch-blob-bytes.ts';

const bytes = new Uint8Array([1, 2, 3, 4]);
const hash = createHash('sha256').update(bytes).digest('hex');
const ref = { '\u0000weft.blob': [hash, 4] };
const at = { runId: 'r', threadId: 't', ts: 1, path: [], step: 1 };
const lines = (value: unknown): RunLogLine[] => [
  { type: 'state.patch', patches: [{ op: 'add', path: ['image'], value }], ...at },
  { type: 'step.end', nodes: ['a'], ...at },
];
/** A store that holds `blobs` and counts its reads. */
function store(blobs: Map<string, Uint8Array>) {
  const reads: string[][] = [];
  const s = { getBlobs: async (_t: string, hashes: readonly string[]) => (reads.push([...hashes]), blobs) } as unknown as CheckpointStore;
  return { s, reads };
}

describe('patchBlobBytes', () => {
  it('puts the bytes back where the stored patches refer to a blob, reading each blob once', async () => {
    const { s, reads } = store(new Map([[hash, bytes]]));
    const out = await patchBlobBytes(s, 't', lines({ a: ref, b: [ref, 'x'] }));
    expect(out).toEqual(lines({ a: bytes, b: [bytes, 'x'] }));
    expect(reads).toEqual([[hash]]);
  });

  it('reads nothing when no patch refers to a blob', async () => {
    const { s, reads } = store(new Map());
    const given = lines({ a: 'text', b: { '\u0000weft.blob': 'not a reference', c: 1 } });
    expect(await patchBlobBytes(s, 't', given)).toBe(given);
    expect(reads).toEqual([]);
  });

  it('a missing blob, or one that does not hash to its key, is CHECKPOINTS_CORRUPT', async () => {
    await expect(patchBlobBytes(store(new Map()).s, 't', lines(ref))).rejects.toMatchObject({
      code: 'CHECKPOINTS_CORRUPT',
      message: `thread "t": the blob ${hash} its checkpoints refer to is missing from the store`,
    });
    await expect(patchBlobBytes(store(new Map([[hash, new Uint8Array([9, 9, 9, 9])]])).s, 't', lines(ref))).rejects.toMatchObject({
      code: 'CHECKPOINTS_CORRUPT',
      message: `thread "t": the blob ${hash} its checkpoints refer to does not match its key`,
    });
  });
});

import { createHash } from 'node:crypto';
import type { CheckpointStore, RunLogLine } from '@weft/graph';
import { CliError } from './errors.ts';

/**
 * A blob reference as a checkpoint stores a large binary value (docs/graph/checkpoints.md,
 * decision 0025): a one-entry map `{ "\u0000weft.blob": [sha-256 hex, length] }`.
 */
const BLOB_REFERENCE_KEY = '\u0000weft.blob';

/**
 * The state patches of a thread's rebuilt run log with their binary values
 * read back: a stored patch keeps a large `Uint8Array` (an image a user sent)
 * as a blob reference, where the checkpoint's state, read through the graph,
 * has the bytes. Each blob is read once, in one `getBlobs`, and must hash to
 * its key and have its length; otherwise the checkpoints are corrupt, as a
 * resume would find. Lines without references are returned as they are.
 */
export async function patchBlobBytes(store: CheckpointStore, threadId: string, lines: RunLogLine[]): Promise<RunLogLine[]> {
  const wanted = new Map<string, number>();
  for (const line of lines) if (line.type === 'state.patch') collect(line.patches, wanted);
  if (wanted.size === 0) return lines;
  const found = store.getBlobs ? await store.getBlobs(threadId, [...wanted.keys()]) : new Map<string, Uint8Array>();
  for (const [hash, length] of wanted) {
    const bytes = found.get(hash);
    const problem =
      bytes === undefined
        ? 'is missing from the store'
        : createHash('sha256').update(bytes).digest('hex') !== hash || bytes.byteLength !== length
          ? 'does not match its key'
          : undefined;
    if (problem)
      throw new CliError(
        'CHECKPOINTS_CORRUPT',
        `thread "${threadId}": the blob ${hash} its checkpoints refer to ${problem}`,
        'the store is damaged: restore it from a backup',
      );
  }
  return lines.map((line) =>
    line.type === 'state.patch' ? { ...line, patches: replace(line.patches, found) as typeof line.patches } : line,
  );
}

function reference(value: unknown): [string, number] | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Uint8Array) return undefined;
  const keys = Object.keys(value);
  const ref = (value as Record<string, unknown>)[BLOB_REFERENCE_KEY];
  if (keys.length !== 1 || !Array.isArray(ref) || typeof ref[0] !== 'string' || typeof ref[1] !== 'number') return undefined;
  return [ref[0], ref[1]];
}

function collect(value: unknown, into: Map<string, number>): void {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return;
  const ref = reference(value);
  if (ref) return void into.set(ref[0], ref[1]);
  for (const item of Object.values(value)) collect(item, into);
}

function replace(value: unknown, blobs: Map<string, Uint8Array>): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return value;
  const ref = reference(value);
  if (ref) return blobs.get(ref[0]);
  if (Array.isArray(value)) return value.map((v) => replace(v, blobs));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v, blobs)]));
}

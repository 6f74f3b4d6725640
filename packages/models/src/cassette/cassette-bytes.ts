import { createHash } from 'node:crypto';

/**
 * How a cassette keeps binary data (an image, a PDF in a message): each
 * distinct byte string once, on its own line `{ v, blob: <sha-256>, base64 }`,
 * and every place it occurs as `{ "$blob": <sha-256> }`. A request that sends
 * the same 5 MB PDF on every turn of a tool loop then stores it once, not once
 * per entry (and not as JSON's `{"0":37,"1":80,…}` of a Uint8Array).
 */
export const BLOB_KEY = '$blob';

/** One stored byte string, as a cassette line. */
export interface BlobLine {
  v: number;
  blob: string;
  base64: string;
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** `value` as JSON with every Uint8Array replaced by its reference; the bytes go into `blobs` (hash → bytes). */
export function toBlobJson(value: unknown, blobs: Map<string, Uint8Array>): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!(v instanceof Uint8Array)) return v;
    const hash = sha256(v);
    blobs.set(hash, v);
    return { [BLOB_KEY]: hash };
  });
}

/** `value` with every `{ "$blob": hash }` replaced by a copy of its bytes, or the first hash `blobs` lacks. */
export function resolveBlobs(value: unknown, blobs: ReadonlyMap<string, Uint8Array>): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveBlobs(item, blobs));
  if (value === null || typeof value !== 'object') return value;
  const hash = blobRef(value);
  if (hash !== undefined) {
    const bytes = blobs.get(hash);
    if (!bytes) throw new MissingBlob(hash);
    return bytes.slice();
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveBlobs(v, blobs)]));
}

/**
 * A JSON copy that keeps byte arrays as bytes: fields that are `undefined`
 * go, as they do when written and read back, so a live request compares
 * equal to the recorded one.
 */
export function jsonCopy<T>(value: T): T {
  const blobs = new Map<string, Uint8Array>();
  return resolveBlobs(JSON.parse(toBlobJson(value, blobs)), blobs) as T;
}

/** A reference names bytes the cassette does not hold. */
export class MissingBlob extends Error {
  constructor(readonly hash: string) {
    super(`no blob line for ${hash}`);
  }
}

function blobRef(value: object): string | undefined {
  const keys = Object.keys(value);
  const hash = (value as Record<string, unknown>)[BLOB_KEY];
  return keys.length === 1 && typeof hash === 'string' ? hash : undefined;
}

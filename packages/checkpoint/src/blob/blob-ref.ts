import { createHash } from 'node:crypto';

/**
 * The key of the one-entry map that stands for an externalised binary value
 * in a checkpoint body: `{ [BLOB_KEY]: [sha256 hex, byte length] }`. It starts
 * with a NUL so no ordinary key looks like it, and the writer refuses it as a
 * key of user data, so every such map in a body was written as a reference.
 */
export const BLOB_KEY = '\u0000weft.blob';

/** A binary value stored beside a checkpoint, once per thread, under the sha-256 of its bytes (lowercase hex). */
export interface StoredBlob {
  hash: string;
  bytes: Uint8Array;
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** Whether `hash` is a sha-256 as blobs are keyed (64 lowercase hex digits). */
export const isBlobHash = (hash: unknown): hash is string => typeof hash === 'string' && HEX_64.test(hash);

/**
 * The key a blob is stored under.
 *
 * @example
 * blobHash(new Uint8Array()); // 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function blobHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The body bytes of `BLOB_KEY` as a msgpack fixstr: a body without them holds no reference, so it needs no walk. */
export const BLOB_KEY_BYTES: Uint8Array = Buffer.concat([Buffer.from([0xa0 | Buffer.byteLength(BLOB_KEY)]), Buffer.from(BLOB_KEY)]);

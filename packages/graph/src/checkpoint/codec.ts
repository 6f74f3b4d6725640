import { crc32 } from 'node:zlib';
import { Packr } from 'msgpackr';
import { WeftError } from '../errors.ts';
import type { CheckpointRecord } from './checkpoint-record.ts';

/**
 * Layout: "WFCP" | crc32 (u32 BE) of the rest | format version (u8) | msgpack.
 * The checksum turns any corruption into a typed error instead of a silently
 * different state; msgpackr decodes data only (no records, no code), and maps
 * a `__proto__` key to a plain property, so decoding cannot pollute prototypes.
 */
export const CHECKPOINT_FORMAT_VERSION = 1;
const MAGIC = [0x57, 0x46, 0x43, 0x50];
const HEADER = 9;
const packr = new Packr({ useRecords: false, moreTypes: false, bundleStrings: false });

export function encodeCheckpoint(record: CheckpointRecord): Uint8Array {
  const body = packr.pack(record);
  const out = Buffer.allocUnsafe(HEADER + body.length);
  out.set(MAGIC, 0);
  out[8] = CHECKPOINT_FORMAT_VERSION;
  out.set(body, HEADER);
  out.writeUInt32BE(crc32(out.subarray(8)), 4);
  return out;
}

export function decodeCheckpoint(bytes: Uint8Array, where: string): CheckpointRecord {
  const corrupt = (why: string, cause?: unknown) =>
    new WeftError('CHECKPOINT_CORRUPT', `checkpoint ${where} is corrupt (${why}); pick an earlier checkpoint from history()`, {
      cause,
      details: { where },
    });
  if (!(bytes instanceof Uint8Array) || bytes.length < HEADER) throw corrupt('too short');
  if (MAGIC.some((b, i) => bytes[i] !== b)) throw corrupt('not a Weft checkpoint');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.readUInt32BE(4) !== crc32(buf.subarray(8))) throw corrupt('checksum mismatch');
  if (buf[8] !== CHECKPOINT_FORMAT_VERSION) {
    throw new WeftError(
      'CHECKPOINT_VERSION',
      `checkpoint ${where} has format version ${String(buf[8])}, this Weft reads version ${CHECKPOINT_FORMAT_VERSION}; open it with the Weft version that wrote it`,
      { details: { where, version: buf[8] } },
    );
  }
  let record: unknown;
  try {
    record = packr.unpack(buf.subarray(HEADER));
  } catch (cause) {
    throw corrupt('undecodable body', cause);
  }
  const problem = shapeProblem(record);
  if (problem) throw corrupt(problem);
  return record as CheckpointRecord;
}

function shapeProblem(r: unknown): string | undefined {
  if (r === null || typeof r !== 'object' || Array.isArray(r)) return 'body is not a record';
  const o = r as Record<string, unknown>;
  for (const key of ['graph', 'hash', 'threadId', 'id', 'status', 'source'] as const) {
    if (typeof o[key] !== 'string') return `field ${key} is not a string`;
  }
  for (const key of ['seq', 'step', 'createdAt'] as const) {
    if (typeof o[key] !== 'number' || !Number.isFinite(o[key])) return `field ${key} is not a number`;
  }
  for (const key of ['frontier', 'joins', 'skips', 'pending', 'interrupts'] as const) {
    if (!Array.isArray(o[key])) return `field ${key} is not a list`;
  }
  if (o['parentId'] !== null && typeof o['parentId'] !== 'string') return 'field parentId is invalid';
  const state = o['state'];
  if (state === null || typeof state !== 'object' || !('full' in state || Array.isArray((state as { patches?: unknown }).patches))) {
    return 'field state is invalid';
  }
  if (o['context'] === null || typeof o['context'] !== 'object') return 'field context is invalid';
  const tasks = o['frontier'] as unknown[];
  if (tasks.some((t) => t === null || typeof t !== 'object' || typeof (t as { node?: unknown }).node !== 'string')) {
    return 'a frontier task is invalid';
  }
  return undefined;
}

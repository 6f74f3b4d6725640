import { crc32 } from 'node:zlib';
import { Packr } from 'msgpackr/pack';
import { Unpackr } from 'msgpackr/unpack';
import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import { MsgpackWriter } from './msgpack-writer.ts';
import { scanMsgpack } from './scan-msgpack.ts';
import { findUnserializable, formatPath, unserializableError } from './unserializable.ts';

/**
 * One value as bytes, in the checkpoints' encoding: for what travels between
 * processes outside a checkpoint (a distributed task, its result). Layout:
 * "WFVL" | crc32 (u32 BE) of the rest | format version (u8) | msgpack. Decoding
 * is bounded and loads no code, exactly as for checkpoints (see scan-msgpack.ts).
 */
const VALUE_FORMAT_VERSION = 1;
const MAGIC = [0x57, 0x46, 0x56, 0x4c] as const;
const HEADER = 9;
const writer = new MsgpackWriter(new Packr({ useRecords: false, moreTypes: false, bundleStrings: false }));
const unpackr = new Unpackr({ useRecords: false, structuredClone: false });

/** Encodes plain data (what a checkpoint may hold); anything else is refused with CHECKPOINT_UNSERIALIZABLE, saying where. */
export function encodeValue(value: unknown): Uint8Array {
  const found = findUnserializable(value);
  if (found) throw unserializableError(found.what, formatPath(found.path));
  const out = writer.encode(value, HEADER);
  out.set(MAGIC, 0);
  out[8] = VALUE_FORMAT_VERSION;
  out.writeUInt32BE(crc32(out.subarray(8)), 4);
  return out;
}

/** Decodes what `encodeValue` wrote; any other bytes are VALUE_CORRUPT (`where` names them in the message). */
export function decodeValue(bytes: Uint8Array, where: string): unknown {
  const corrupt = (why: string, cause?: unknown) =>
    new WeftError<CheckpointErrorCode>('VALUE_CORRUPT', `${where} is not a value Weft wrote (${why})`, { cause, details: { where } });
  if (!(bytes instanceof Uint8Array) || bytes.length < HEADER) throw corrupt('too short');
  if (MAGIC.some((b, i) => bytes[i] !== b)) throw corrupt('wrong header');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.readUInt32BE(4) !== crc32(buf.subarray(8))) throw corrupt('checksum mismatch');
  if (buf[8] !== VALUE_FORMAT_VERSION) throw corrupt(`format version ${String(buf[8])}, this Weft reads ${VALUE_FORMAT_VERSION}`);
  const problem = scanMsgpack(buf, HEADER);
  if (problem) throw corrupt(problem);
  try {
    return unpackr.unpack(buf.subarray(HEADER));
  } catch (cause) {
    throw corrupt('undecodable body', cause);
  }
}

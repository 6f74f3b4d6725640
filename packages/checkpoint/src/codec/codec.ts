import { crc32 } from 'node:zlib';
import { Packr } from 'msgpackr/pack';
import { Unpackr } from 'msgpackr/unpack';
import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import type { BlobCollector } from '../blob/blob-collector.ts';
import { readBlobList } from '../blob/blob-list.ts';
import { findUnloadablePatch } from './find-unloadable-patch.ts';
import { MsgpackWriter } from './msgpack-writer.ts';
import { recordShapeProblem } from '../record/record-shape-problem.ts';
import { scanMsgpack } from './scan-msgpack.ts';
import { listBlobs } from '../blob/blob-list.ts';
import { findUnserializable, formatPath, unserializableError, type ValuePath } from './unserializable.ts';

/**
 * Layout: "WFCP" | crc32 (u32 BE) of the rest | format version (u8) | msgpack.
 * The checksum turns any corruption into a typed error instead of a silently
 * different state. The checksum does not stop someone who can write to the
 * store, so the body is scanned before msgpackr decodes it (see scan-msgpack.ts:
 * only what the writer writes, bounded in size and depth) and the record's
 * shape is checked after. msgpackr renames a `__proto__` key to `__proto_`, so
 * decoding cannot change a prototype; the writer refuses such keys, since they
 * would not come back unchanged.
 *
 * msgpackr comes from its `pack`/`unpack` entry points, the same Packr and
 * Unpackr without the native string extractor (msgpackr-extract, loaded by the
 * main entry with its prebuilt-binary search) and the stream and struct
 * modules: importing msgpackr took 22-28 ms, these 6-9 ms, in a fresh node 20
 * process on a 2-core VM (2026-11-28). Decoding the records of
 * benchmarks/src/msgpack-writer/checkpoint-records.ts was no slower without
 * the extractor (50-message history snapshot, 11.9 KB: 45-53 µs, 69-80 with it;
 * send() map, 146 KB: 1.9-2.9 ms both ways); it pays off on many long strings.
 */
export const CHECKPOINT_FORMAT_VERSION = 5;
/** Version 2 is version 3 without the blob list (docs/decisions/0025-checkpoint-blobs.md): still read. */
const BEFORE_BLOBS = 2;
/**
 * Version 3 is version 4 without the fields after the blob list (the graph
 * version's label, the thread's behaviour patches; docs/decisions/0029-graph-versions.md):
 * still read. They come after the list so every earlier position stays where it was.
 */
const BEFORE_VERSIONS = 3;
/**
 * Version 4 is version 5 without the thread's usage and budget
 * (docs/decisions/0030-durable-budgets.md): still read, as a record that counted nothing.
 */
const BEFORE_USAGE = 4;
/** The fields after the blob list, in stored order (format version 5; version 4 has the first two). */
export const EXTENSION_FIELDS = Object.freeze(['version', 'patched', 'usage', 'budget'] as const);
/** How many of EXTENSION_FIELDS each version that has a blob list stores. */
const EXTENSIONS_IN: Readonly<Record<number, number>> = { [BEFORE_VERSIONS]: 0, [BEFORE_USAGE]: 2, [CHECKPOINT_FORMAT_VERSION]: 4 };
const MAGIC = [0x57, 0x46, 0x43, 0x50] as const;
const HEADER = 9;
const packr = new Packr({ useRecords: false, moreTypes: false, bundleStrings: false });
/**
 * Writes the same bytes as `packr` for JSON-like data, behind the header, in one
 * reused buffer, refusing what a checkpoint cannot hold as it goes: 2.6–8.6×
 * faster than `packr.pack()` after a findUnserializable walk (`pnpm
 * bench:msgpack`, 2026-11-26; figures in msgpack-writer.ts).
 */
const writer = new MsgpackWriter(packr);
/**
 * Reads only bodies scanMsgpack accepted. Structured clone is off as well (msgpackr
 * leaves its id and pointer extensions on unless this is exactly `false`).
 */
const unpackr = new Unpackr({ useRecords: false, structuredClone: false });

/**
 * The record as the list it is stored as: the one place the field order is
 * written (keys are not repeated in every checkpoint, which makes encoding
 * ~35% cheaper). The format version changes whenever this order does. A
 * literal list: reading the fields by name in a loop over
 * `CHECKPOINT_FIELDS` made each write 250-350 ns slower (20 megamorphic
 * keyed loads against 14-22 ns; node 20, 2-core VM, 2026-11-28).
 */
export function storedOrder(r: CheckpointRecord) {
  return [
    r.graph,
    r.hash,
    r.threadId,
    r.id,
    r.parentId,
    r.seq,
    r.step,
    r.status,
    r.source,
    r.createdAt,
    r.state,
    r.frontier,
    r.joins,
    r.skips,
    r.pending,
    r.interrupts,
    r.context,
    r.output,
    r.error,
    r.resumeValues,
  ];
}

/**
 * The record's field names in stored order, read off `storedOrder` (a record
 * whose every field is its own name), so the order is never written twice.
 *
 * @example
 * CHECKPOINT_FIELDS.slice(0, 3); // ['graph', 'hash', 'threadId']
 */
export const CHECKPOINT_FIELDS: readonly (keyof CheckpointRecord)[] = Object.freeze(
  storedOrder(new Proxy({}, { get: (_, key) => key }) as CheckpointRecord) as (keyof CheckpointRecord)[],
);
const OPTIONAL = new Set<string>(['output', 'error', 'resumeValues']);

/**
 * The record's bytes. With `blobs`, every Uint8Array at or above its threshold
 * is written as a reference and kept by the collector, whose blobs the store
 * takes with the checkpoint; the body ends with the list of their hashes.
 */
export function encodeCheckpoint(record: CheckpointRecord, blobs?: BlobCollector): Uint8Array {
  const unloadable = findUnloadablePatch(record);
  if (unloadable) throw unserializableError(unloadable.what, readablePlace(record, unloadable.path));
  try {
    return encodeRecord(record, blobs);
  } catch (err) {
    // Refused values are found again to say where they sit (only on this rare path).
    if (err instanceof WeftError && err.code === 'CHECKPOINT_UNSERIALIZABLE') {
      const found = findUnserializable(record);
      if (found) throw unserializableError(found.what, readablePlace(record, found.path));
    }
    throw err;
  }
}

/** A place in the record as the user knows it: a state path, or a node's input or output. */
function readablePlace(record: CheckpointRecord, path: ValuePath): string {
  const [field, index, part, ...rest] = path;
  if (field === 'state' && index === 'full') return formatPath(['state', ...path.slice(2)]);
  if (field === 'state' && index === 'patches' && 'patches' in record.state) {
    // ['state', 'patches', i, 'value', ...]: the patch's own path leads to the value.
    const patch = record.state.patches[Number(part)];
    if (patch) return formatPath(['state', ...patch.path, ...path.slice(4)]);
  }
  if ((field === 'frontier' || field === 'pending') && typeof index === 'number' && (part === 'input' || part === 'output')) {
    const task = record[field][index];
    if (task) return `the ${part} of node "${task.node}"${rest.length ? `, at ${formatPath(rest)}` : ''}`;
  }
  return formatPath(path);
}

const NO_BLOBS: readonly string[] = Object.freeze([]);

function encodeRecord(r: CheckpointRecord, blobs: BlobCollector | undefined): Uint8Array {
  const values: unknown[] = storedOrder(r);
  // The collector's list is filled while the fields before it are written, so it is complete when its turn comes.
  values.push(blobs ? blobs.hashes : NO_BLOBS, r.version, r.patched, r.usage, r.budget);
  const out = writer.encode(values, HEADER, blobs);
  out[0] = MAGIC[0];
  out[1] = MAGIC[1];
  out[2] = MAGIC[2];
  out[3] = MAGIC[3];
  out[8] = CHECKPOINT_FORMAT_VERSION;
  out.writeUInt32BE(crc32(out.subarray(8)), 4);
  return out;
}

/** How many bytes `value` takes in a checkpoint body (for messages about size: it encodes the value). */
export function encodedLength(value: unknown): number {
  return writer.encode(value, 0).length;
}

export function decodeCheckpoint(bytes: Uint8Array, where: string): CheckpointRecord {
  const corrupt = (why: string, cause?: unknown) =>
    new WeftError<CheckpointErrorCode>(
      'CHECKPOINT_CORRUPT',
      `checkpoint ${where} is corrupt (${why}); pick an earlier checkpoint from history()`,
      {
        cause,
        details: { where },
      },
    );
  if (!(bytes instanceof Uint8Array) || bytes.length < HEADER) throw corrupt('too short');
  if (MAGIC.some((b, i) => bytes[i] !== b)) throw corrupt('not a Weft checkpoint');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.readUInt32BE(4) !== crc32(buf.subarray(8))) throw corrupt('checksum mismatch');
  const version = buf[8];
  if (version !== BEFORE_BLOBS && (version === undefined || EXTENSIONS_IN[version] === undefined)) {
    throw new WeftError<CheckpointErrorCode>(
      'CHECKPOINT_VERSION',
      `checkpoint ${where} has format version ${String(buf[8])}, this Weft reads version ${CHECKPOINT_FORMAT_VERSION}; open it with the Weft version that wrote it`,
      { details: { where, version: buf[8] } },
    );
  }
  const problem = scanMsgpack(buf, HEADER);
  if (problem) throw corrupt(problem);
  let values: unknown;
  try {
    values = unpackr.unpack(buf.subarray(HEADER));
  } catch (cause) {
    throw corrupt('undecodable body', cause);
  }
  const extensions = version === BEFORE_BLOBS ? 0 : EXTENSIONS_IN[version]!;
  const fields = CHECKPOINT_FIELDS.length + (version === BEFORE_BLOBS ? 0 : 1 + extensions);
  if (!Array.isArray(values) || values.length !== fields) throw corrupt('body is not a record');
  const record: Record<string, unknown> = {};
  CHECKPOINT_FIELDS.forEach((field, i) => {
    if (values[i] !== undefined || !OPTIONAL.has(field)) record[field] = values[i];
  });
  for (let i = 0; i < extensions; i++) {
    const value = values[CHECKPOINT_FIELDS.length + 1 + i];
    if (value !== undefined) record[EXTENSION_FIELDS[i]!] = value;
  }
  const shape = recordShapeProblem(record);
  if (shape) throw corrupt(shape);
  const listed = readBlobList(values[CHECKPOINT_FIELDS.length], buf, HEADER);
  if (typeof listed === 'string') throw corrupt(listed);
  if (listed) listBlobs(record as unknown as CheckpointRecord, listed);
  return record as unknown as CheckpointRecord;
}

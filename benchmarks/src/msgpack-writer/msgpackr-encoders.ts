/**
 * `encodeCheckpoint` without MsgpackWriter, for the encoder benchmark
 * (../msgpack-writer.ts): the same patch check, header and checksum around
 * msgpackr's `pack()` of the field list, alone or after a walk that refuses
 * what the writer refuses as it writes.
 *
 * findUnloadablePatch and findUnserializable are @weft/graph internals, so
 * they are imported by path; msgpackr is the copy @weft/graph loads.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { crc32 } from 'node:zlib';
import { CHECKPOINT_FORMAT_VERSION, type CheckpointRecord } from '@weft/graph';
import { storedOrder } from '../../../packages/checkpoint/src/codec/codec.ts';
import { findUnloadablePatch } from '../../../packages/checkpoint/src/codec/find-unloadable-patch.ts';
import { MAX_DEPTH } from '../../../packages/checkpoint/src/record/max-depth.ts';
import { findUnserializable } from '../../../packages/checkpoint/src/codec/unserializable.ts';

type PackrClass = new (options: object) => { pack(value: unknown): Uint8Array };

/** msgpackr's ESM entry as @weft/graph imports it (the same module instance as the codec's). */
async function graphsMsgpackr(): Promise<{ Packr: PackrClass }> {
  const graphEntry = fileURLToPath(import.meta.resolve('@weft/graph'));
  const cjsEntry = createRequire(graphEntry).resolve('msgpackr'); // <package>/dist/node.cjs
  return (await import(pathToFileURL(join(dirname(cjsEntry), '..', 'node-index.js')).href)) as { Packr: PackrClass };
}

const { Packr } = await graphsMsgpackr();
/** The codec's options. */
const packr = new Packr({ useRecords: false, moreTypes: false, bundleStrings: false });
const MAGIC = [0x57, 0x46, 0x43, 0x50];
const HEADER = 9;

/** What the codec's encodeRecord would do with `pack()` in place of the writer (no refusals). */
export function encodeWithMsgpackr(r: CheckpointRecord): Uint8Array {
  if (findUnloadablePatch(r)) throw new Error('a patch that could not be loaded');
  // format version 4: the record, its (empty) blob list, then the graph version's label and the thread's patches
  const body = packr.pack([...storedOrder(r), [], r.version, r.patched]);
  const out = Buffer.allocUnsafe(HEADER + body.length);
  out.set(body, HEADER);
  out.set(MAGIC, 0);
  out[8] = CHECKPOINT_FORMAT_VERSION;
  out.writeUInt32BE(crc32(out.subarray(8)), 4);
  return out;
}

/** The same after findUnserializable, the codec's own walk (it also gives the path of what it refuses). */
export function encodeWithMsgpackrAndFind(r: CheckpointRecord): Uint8Array {
  if (findUnserializable(r)) throw new Error('a value a checkpoint cannot hold');
  return encodeWithMsgpackr(r);
}

/** The same after the cheapest walk that refuses what the writer refuses on plain data (see plainDataOk). */
export function encodeWithMsgpackrAndMinimalCheck(r: CheckpointRecord): Uint8Array {
  if (!plainDataOk(r, 0)) throw new Error('a value a checkpoint cannot hold');
  return encodeWithMsgpackr(r);
}

const hasOwn = Object.prototype.hasOwnProperty;
/** ES2024, in Node since 20; the tsconfig's lib is ES2023. */
const isWellFormed = (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed;

/**
 * A lower bound on a separate check: plain objects, arrays and primitives only
 * (anything else fails, where a codec would go on to findUnserializable), no
 * path, no allocation. Fails lone surrogates, holes, `__proto__` keys, objects
 * of more than 65,535 keys and nesting past MAX_DEPTH (which also ends a
 * cycle), as the writer does; fails -0 too, which msgpackr cannot keep.
 */
function plainDataOk(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
      return isWellFormed.call(value);
    case 'number':
      return !Object.is(value, -0);
    case 'boolean':
    case 'undefined':
      return true;
    case 'object':
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if ((item === undefined && !(i in value)) || !plainDataOk(item, depth + 1)) return false;
        }
        return true;
      }
      return value.constructor === Object && plainObjectOk(value as Record<string, unknown>, depth);
    default:
      return false;
  }
}

function plainObjectOk(object: Record<string, unknown>, depth: number): boolean {
  let keys = 0;
  for (const key in object) {
    if (!hasOwn.call(object, key)) continue;
    if (key === '__proto__' || !isWellFormed.call(key) || !plainDataOk(object[key], depth + 1)) return false;
    keys++;
  }
  return keys <= 0xffff;
}

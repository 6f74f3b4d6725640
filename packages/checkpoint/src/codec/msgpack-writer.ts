/**
 * Why: a checkpoint must refuse what would not come back as it was, and this
 * writer checks as it writes, in one pass; with msgpackr's `pack()` the codec
 * would walk every record first. Measured 2026-11-26 with `pnpm bench:msgpack`
 * (benchmarks/src/msgpack-writer.ts: records written by real runs, median of
 * 1,000 interleaved rounds, two runs): `pack()` after findUnserializable takes
 * 2.6–8.6× the writer's time (a 200-byte chain checkpoint 8.6–12.1 µs against
 * 2.6–3.5, a 12 KB snapshot of 50 messages 58–87 µs against 23–33, a 146 KB
 * step of a 1,000-wide map 6.5–9.1 ms against 0.75–1.2), and after the
 * cheapest separate check of plain data 1.08–1.54×. Packing alone is not where
 * it gains: `pack()` refusing nothing takes 0.80–0.99× the writer's time on
 * records under 500 bytes, 1.04–1.08× on the 12 KB one, 1.23–1.25× on the
 * 146 KB one. It also keeps -0, which `pack()` cannot.
 *
 * Checkpoints are almost all short strings, small numbers, arrays and plain
 * objects, so this writer packs those itself, straight into one reused buffer
 * behind space reserved for the caller's header, and hands every other value
 * (Date, bytes, Map, Set, class instances, bigint, functions...) to the msgpackr
 * Packr it was given, splicing in the bytes it returns.
 *
 * It emits exactly the bytes that a Packr with `useRecords: false` and no
 * bundled strings or structured clone emits, so nothing downstream can tell the
 * two apart, with one exception: msgpackr writes -0 as the integer 0, this
 * writer as the float64 -0, so it comes back as it was. Plain objects always
 * get a map16 header, as msgpackr's do.
 *
 * What would not come back as it was is refused with CHECKPOINT_UNSERIALIZABLE
 * (see unserializable.ts), checked where it costs nothing on plain ASCII data:
 * lone surrogates (msgpackr writes them as 3-byte sequences in short strings and
 * as U+FFFD in long ones; both read back as U+FFFD) only on the non-ASCII path,
 * holes only for undefined items, and cycles by counting depth: past MAX_DEPTH
 * the writer stops, and the caller's findUnserializable walk tells a cycle
 * from data that is merely too deep.
 *
 * Performance notes: strings arrive in many internal representations, which makes
 * `value.charCodeAt` megamorphic (several times slower), so it is called through
 * `String.prototype.charCodeAt.call`; objects are walked with for-in, which V8
 * serves from the enum cache. The buffer and position are module state: encoding
 * is synchronous, and a nested call (from a getter or toJSON) goes to msgpackr.
 */
import type { Packr } from 'msgpackr/pack';
import { MAX_DEPTH } from '../record/max-depth.ts';
import { BLOB_KEY } from '../blob/blob-ref.ts';
import { checkPackrOptions } from './check-packr-options.ts';
import type { BlobCollector } from '../blob/blob-collector.ts';
import {
  BLOB_KEY_USED,
  LONE_SURROGATE,
  PROTO_KEY,
  SPARSE,
  TOO_DEEP,
  TOO_MANY_KEYS,
  findUnserializable,
  unserializableError,
} from './unserializable.ts';

type NodeBuffer = Buffer & { utf8Write(value: string, offset: number): number };

const INITIAL_SIZE = 8192;
/** A buffer grown past this by one huge value is dropped after the encode. */
const MAX_KEPT_SIZE = 1 << 20;
/** Room kept at the end of the buffer for any fixed-size item (at most 9 bytes). */
const SLACK = 16;
/** Shorter strings are copied in JS; longer ones by Buffer's native encoder. */
const NATIVE_FROM = 24;
/** msgpackr encodes strings below this length itself (see the lone surrogate note above). */
const JS_UTF8_BELOW = 0x40;
const hasOwn = Object.prototype.hasOwnProperty;
const charCodeAt = String.prototype.charCodeAt;
/** ES2024, in Node since 20; the tsconfig's lib is ES2023. */
const isWellFormed = (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed;

let buf = newBuffer(INITIAL_SIZE);
let view = new DataView(buf.buffer, buf.byteOffset, buf.length);
let end = INITIAL_SIZE - SLACK;
let pos = 0;
/** Lists and maps open around the value being written. */
let depth = 0;
let busy = false;
let fallback: Packr;
/** Where binary values at or above its threshold go instead of the body (see blob-collector.ts). */
let collector: BlobCollector | undefined;

export class MsgpackWriter {
  private readonly packr: Packr;

  /** `packr` must be set up as the fast paths assume (see the top of the file). */
  constructor(packr: Packr) {
    checkPackrOptions(packr);
    this.packr = packr;
  }

  /**
   * Packs `value` after `reserve` bytes of header space and returns a new Buffer
   * holding both (never a view of the reused one); the caller fills the header.
   * With `blobs`, each Uint8Array at or above its threshold is written as a
   * reference `{ [BLOB_KEY]: [hash, length] }` and kept by the collector.
   */
  encode(value: unknown, reserve: number, blobs?: BlobCollector): Buffer {
    if (busy) return spliced(this.packr.pack(value), reserve);
    busy = true;
    fallback = this.packr;
    collector = blobs;
    try {
      pos = 0;
      depth = 0;
      room(reserve);
      pos = reserve;
      write(value);
      const out = Buffer.allocUnsafe(pos);
      buf.copy(out, 0, 0, pos);
      return out;
    } finally {
      busy = false;
      collector = undefined;
      if (buf.length > MAX_KEPT_SIZE) setBuffer(newBuffer(INITIAL_SIZE));
    }
  }
}

function spliced(bytes: Uint8Array, reserve: number): Buffer {
  const out = Buffer.allocUnsafe(reserve + bytes.length);
  out.set(bytes, reserve);
  return out;
}

function write(value: unknown): void {
  if (pos > end) room(SLACK);
  switch (typeof value) {
    case 'string':
      return writeString(value);
    case 'number':
      return writeNumber(value);
    case 'boolean':
      buf[pos++] = value ? 0xc3 : 0xc2;
      return;
    case 'undefined': // fixext1, type 0, data 0
      buf[pos++] = 0xd4;
      buf[pos++] = 0;
      buf[pos++] = 0;
      return;
    case 'object':
      if (value === null) buf[pos++] = 0xc0;
      else writeObject(value);
      return;
    default:
      return delegate(value);
  }
}

/**
 * msgpackr's dispatch: by constructor. It filters an object's keys through the
 * object's own `hasOwnProperty` and gives a prototype-less one to `toJSON` first,
 * so objects where those could differ from a plain walk go to msgpackr.
 */
function writeObject(value: object): void {
  const object = value as Record<string, unknown>;
  const constructor = object['constructor'];
  if (constructor === Array) return writeArray(value as unknown[]);
  if (constructor === Object ? object['hasOwnProperty'] === hasOwn : constructor === undefined && isBare(object)) return writeMap(object);
  delegate(value);
}

function isBare(object: Record<string, unknown>): boolean {
  return Object.getPrototypeOf(object) === null && !object['toJSON'] && typeof object['hasOwnProperty'] !== 'function';
}

function writeArray(list: unknown[]): void {
  if (++depth > MAX_DEPTH) throw unserializableError(TOO_DEEP);
  const length = list.length;
  if (length < 0x10) {
    buf[pos++] = 0x90 | length;
  } else if (length < 0x10000) {
    buf[pos++] = 0xdc;
    buf[pos++] = length >> 8;
    buf[pos++] = length & 0xff;
  } else {
    buf[pos++] = 0xdd;
    view.setUint32(pos, length);
    pos += 4;
  }
  for (let i = 0; i < length; i++) {
    const item = list[i];
    if (typeof item === 'string') writeString(item);
    else if (item === undefined && !(i in list)) throw unserializableError(SPARSE);
    else write(item);
  }
  depth--;
}

/** A map16 header patched with the count afterwards; own enumerable keys in for-in order. */
function writeMap(object: Record<string, unknown>): void {
  if (++depth > MAX_DEPTH) throw unserializableError(TOO_DEEP);
  const at = pos;
  buf[at] = 0xde;
  pos = at + 3;
  let size = 0;
  for (const key in object) {
    if (hasOwn.call(object, key)) {
      if (key === '__proto__') throw unserializableError(PROTO_KEY);
      if (key === BLOB_KEY) throw unserializableError(BLOB_KEY_USED);
      writeString(key);
      const item = object[key];
      if (typeof item === 'string') writeString(item);
      else write(item);
      size++;
    }
  }
  if (size > 0xffff) throw unserializableError(TOO_MANY_KEYS);
  buf[at + 1] = size >> 8;
  buf[at + 2] = size & 0xff;
  depth--;
}

function writeNumber(value: number): void {
  if (value >>> 0 === value) {
    if (value < 0x80) {
      // also true for -0 (which msgpackr writes as the integer 0): a float keeps its sign
      if (value === 0 && 1 / value < 0) return writeFloat(value);
      buf[pos++] = value;
    } else if (value < 0x100) {
      buf[pos++] = 0xcc;
      buf[pos++] = value;
    } else if (value < 0x10000) {
      buf[pos++] = 0xcd;
      buf[pos++] = value >> 8;
      buf[pos++] = value & 0xff;
    } else {
      buf[pos++] = 0xce;
      view.setUint32(pos, value);
      pos += 4;
    }
  } else if (value >> 0 === value) {
    if (value >= -0x20) {
      buf[pos++] = value & 0xff;
    } else if (value >= -0x80) {
      buf[pos++] = 0xd0;
      buf[pos++] = value & 0xff;
    } else if (value >= -0x8000) {
      buf[pos++] = 0xd1;
      buf[pos++] = (value >> 8) & 0xff;
      buf[pos++] = value & 0xff;
    } else {
      buf[pos++] = 0xd2;
      view.setInt32(pos, value);
      pos += 4;
    }
  } else {
    writeFloat(value);
  }
}

function writeFloat(value: number): void {
  buf[pos++] = 0xcb;
  view.setFloat64(pos, value);
  pos += 8;
}

/** fixstr fast path: ASCII copied in JS, anything else re-encoded like msgpackr. */
function writeString(value: string): void {
  const length = value.length;
  if (length >= 0x20) return writeLongString(value, length);
  if (pos + 1 + length * 3 > end) room(1 + length * 3);
  const start = pos + 1;
  let p = start;
  if (length < NATIVE_FROM) {
    for (let i = 0; i < length; i++) {
      const c = charCodeAt.call(value, i);
      if (c >= 0x80) {
        p = utf8(value, start);
        break;
      }
      buf[p++] = c;
    }
  } else {
    p = start + buf.utf8Write(value, start);
    if (p - start !== length) p = utf8(value, start); // not ASCII: keep msgpackr's lone surrogates
  }
  const bytes = p - start;
  if (bytes < 0x20) {
    buf[pos] = 0xa0 | bytes;
    pos = p;
  } else {
    buf.copyWithin(start + 1, start, p);
    buf[pos] = 0xd9;
    buf[pos + 1] = bytes;
    pos = p + 1;
  }
}

/** Bytes go behind a header sized for the UTF-16 length, moved if the UTF-8 length needs more. */
function writeLongString(value: string, length: number): void {
  const headerSize = length < 0x100 ? 2 : length < 0x10000 ? 3 : 5;
  room(headerSize + length * 3);
  const at = pos;
  const start = at + headerSize;
  let bytes = buf.utf8Write(value, start);
  if (bytes !== length) {
    // not ASCII: Buffer turned any lone surrogate into U+FFFD; a shorter string goes through msgpackr's loop, which checks
    if (length < JS_UTF8_BELOW) bytes = utf8(value, start) - start;
    else if (!isWellFormed.call(value)) throw unserializableError(LONE_SURROGATE);
  }
  const needed = bytes < 0x100 ? 2 : bytes < 0x10000 ? 3 : 5;
  if (needed > headerSize) buf.copyWithin(at + needed, start, start + bytes);
  if (needed === 2) {
    buf[at] = 0xd9;
    buf[at + 1] = bytes;
  } else if (needed === 3) {
    buf[at] = 0xda;
    buf[at + 1] = bytes >> 8;
    buf[at + 2] = bytes & 0xff;
  } else {
    buf[at] = 0xdb;
    view.setUint32(at + 1, bytes);
  }
  pos = at + needed + bytes;
}

/** msgpackr's own UTF-8 loop, refusing lone surrogates; returns the end. */
function utf8(value: string, start: number): number {
  const length = value.length;
  let p = start;
  for (let i = 0; i < length; i++) {
    let c = charCodeAt.call(value, i);
    if (c < 0x80) {
      buf[p++] = c;
    } else if (c < 0x800) {
      buf[p++] = (c >> 6) | 0xc0;
      buf[p++] = (c & 0x3f) | 0x80;
    } else if ((c & 0xfc00) === 0xd800 && (charCodeAt.call(value, i + 1) & 0xfc00) === 0xdc00) {
      c = 0x10000 + ((c & 0x3ff) << 10) + (charCodeAt.call(value, ++i) & 0x3ff);
      buf[p++] = (c >> 18) | 0xf0;
      buf[p++] = ((c >> 12) & 0x3f) | 0x80;
      buf[p++] = ((c >> 6) & 0x3f) | 0x80;
      buf[p++] = (c & 0x3f) | 0x80;
    } else {
      if ((c & 0xf800) === 0xd800) throw unserializableError(LONE_SURROGATE);
      buf[p++] = (c >> 12) | 0xe0;
      buf[p++] = ((c >> 6) & 0x3f) | 0x80;
      buf[p++] = (c & 0x3f) | 0x80;
    }
  }
  return p;
}

/** Anything but JSON-like data: msgpackr's own bytes, spliced in. */
function delegate(value: unknown): void {
  if (collector !== undefined && value instanceof Uint8Array && value.byteLength >= collector.threshold) {
    const hash = collector.add(value);
    if (hash !== undefined) return writeReference(hash, value.byteLength);
  }
  // A class instance, Map or Set is walked by msgpackr, not here: check all of it first (rare, so affordable).
  const found = findUnserializable(value, depth);
  if (found) throw unserializableError(found.what);
  const bytes = fallback.pack(value);
  room(bytes.length);
  buf.set(bytes, pos);
  pos += bytes.length;
}

/** A one-entry map `{ [BLOB_KEY]: [hash, length] }` (blob-ref.ts). */
function writeReference(hash: string, length: number): void {
  room(128); // the key, 64 hex digits, a number and three headers
  buf[pos++] = 0x81;
  writeString(BLOB_KEY);
  buf[pos++] = 0x92;
  writeString(hash);
  writeNumber(length);
}

/** Makes sure `bytes` more fit after `pos` (plus slack), keeping what was written. */
function room(bytes: number): void {
  const need = pos + bytes;
  if (need <= end) return;
  let size = buf.length * 2;
  while (size - SLACK < need) size *= 2;
  const next = newBuffer(size);
  buf.copy(next, 0, 0, pos);
  setBuffer(next);
}

function setBuffer(next: NodeBuffer): void {
  buf = next;
  view = new DataView(next.buffer, next.byteOffset, next.length);
  end = next.length - SLACK;
}

function newBuffer(size: number): NodeBuffer {
  const next = Buffer.allocUnsafeSlow(size) as NodeBuffer;
  if (typeof next.utf8Write !== 'function') next.utf8Write = (value, offset) => next.write(value, offset, 'utf8');
  return next;
}

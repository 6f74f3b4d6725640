import { MAX_DEPTH } from '../record/max-depth.ts';

/**
 * Why: msgpackr decodes more than a checkpoint ever holds. Its structured-clone
 * extensions (0x69 id, 0x70 pointer) rebuild shared references and cycles, so a
 * 905-byte body can stand for 2^40 values (4 GB once anything walks it); it
 * builds Errors (0x65), RegExps (0x78), typed arrays (0x74), Sets (0x73),
 * bundled strings (0x62) and records (0x72, read through `new Function`); it
 * recurses once per nesting level; and its extensions are global to the process
 * (`addExtension`), so they cannot be switched off for this decoder alone.
 *
 * So the body is read once, token by token and without recursion, before
 * msgpackr sees it. It must be exactly one value built from standard msgpack
 * types plus the two extensions the writer emits (undefined and Date), with map
 * keys that are strings or numbers, every declared length inside the body (so
 * nothing decoded is larger than the bytes allow) and at most MAX_DEPTH levels.
 * Measured (process.hrtime, median of 9 batches): 1.2 µs on a 3 KB snapshot
 * that msgpackr decodes in 7–9 µs, 0.2 µs on a 380-byte delta (msgpackr: 1.4 µs).
 * A walk over the decoded value instead took 2.4 µs, and comes after msgpackr
 * has built whatever the bytes asked for.
 *
 * Returns why the body is not one the writer could have written, or undefined.
 */
export function scanMsgpack(bytes: Uint8Array, start: number): string | undefined {
  const end = bytes.length;
  let open = 0; // containers open around the current item
  let left = 1; // items left in the innermost one (at first: the root value)
  let inMap = 0;
  let p = start;
  for (;;) {
    if (left === 0) {
      if (open === 0) return p === end ? undefined : p > end ? ENDS_EARLY : 'bytes after the record';
      open--;
      left = LEFTS[open]!;
      inMap = MAPS[open]!;
      continue;
    }
    if (p >= end) return ENDS_EARLY;
    const t = bytes[p++]!;
    if (inMap === 1 && (left & 1) === 0 && KEY[t] === 0) return `a map key that is not a string or number (0x${hex(t)})`;
    left--;
    const fixed = FIXED[t]!;
    if (fixed >= 0) {
      p += fixed;
      continue; // past the end is caught by the next item, or by the check after the root
    }
    const size = LENGTH_SIZE[t]!;
    if (p + size > end) return ENDS_EARLY;
    let count: number;
    if (t >= 0x80 && t <= 0x9f) {
      count = t & 0x0f;
    } else if (t >= 0xdc) {
      count = readUint(bytes, p, size);
      p += size;
    } else if (size > 0 && (t < 0xc7 || t > 0xc9)) {
      // str and bin 8/16/32
      p += size + readUint(bytes, p, size);
      continue;
    } else {
      const next = skipExtension(bytes, p, t);
      if (typeof next === 'string') return next;
      p = next;
      continue;
    }
    const isMap = t < 0x90 || t >= 0xde ? 1 : 0;
    const items = isMap ? count * 2 : count;
    // Every item takes at least one byte: a longer count is a lie that would make msgpackr preallocate.
    if (items > end - p) return 'a list or map longer than the body';
    if (open === MAX_DEPTH) return `lists or maps nested more than ${MAX_DEPTH.toLocaleString('en-US')} levels deep`;
    LEFTS[open] = left;
    MAPS[open] = inMap;
    open++;
    left = items;
    inMap = isMap;
  }
}

/**
 * Items left in each open container below the innermost, and whether it is a
 * map: reused, since a scan is synchronous and calls nothing that could scan
 * (typed arrays, not push and pop on a list: about four times faster).
 */
const LEFTS = new Float64Array(MAX_DEPTH);
const MAPS = new Uint8Array(MAX_DEPTH);
const ENDS_EARLY = 'the body ends inside a value';

/** Extensions (and 0xc1): where the one starting before `p` ends, or why it is refused. */
function skipExtension(bytes: Uint8Array, p: number, t: number): number | string {
  const end = bytes.length;
  if (t === 0xc1) return 'the never-used byte 0xc1';
  const size = LENGTH_SIZE[t]!;
  // fixext 1/2/4/8/16 (0xd4-0xd8) have 2^(t - 0xd4) data bytes; ext 8/16/32 (0xc7-0xc9) a length before the type
  const length = size > 0 ? readUint(bytes, p, size) : 1 << (t - 0xd4);
  p += size;
  if (p >= end) return ENDS_EARLY;
  const type = bytes[p++]!;
  // the writer uses ext 8 only for a 12-byte Date (timestamp 96)
  const allowed = size > 0 ? t === 0xc7 && length === 12 && type === 0xff : FIXEXT.has((t << 8) | type);
  if (!allowed) return unknownExtension(type);
  return length > end - p ? ENDS_EARLY : p + length;
}

/** undefined (0) and Date (-1) are the writer's extensions; any other is refused, and these two in other sizes. */
const unknownExtension = (type: number) =>
  type === 0x00 || type === 0xff
    ? `msgpack extension 0x${hex(type)} in a size the writer never uses`
    : `msgpack extension 0x${hex(type)}, which a checkpoint never holds`;

function readUint(bytes: Uint8Array, p: number, size: number): number {
  if (size === 1) return bytes[p]!;
  if (size === 2) return (bytes[p]! << 8) | bytes[p + 1]!;
  return bytes[p]! * 0x1000000 + ((bytes[p + 1]! << 16) | (bytes[p + 2]! << 8) | bytes[p + 3]!);
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/** Bytes that follow a token of fixed size (ints, floats, nil, booleans, fixstr); -1 for the others. */
const FIXED = new Int16Array(256).fill(-1);
for (let t = 0; t < 256; t++) {
  if (t < 0x80 || t >= 0xe0) FIXED[t] = 0;
  else if (t >= 0xa0 && t <= 0xbf) FIXED[t] = t - 0xa0;
}
for (const [t, size] of [
  [0xc0, 0],
  [0xc2, 0],
  [0xc3, 0],
  [0xca, 4],
  [0xcb, 8],
  [0xcc, 1],
  [0xcd, 2],
  [0xce, 4],
  [0xcf, 8],
  [0xd0, 1],
  [0xd1, 2],
  [0xd2, 4],
  [0xd3, 8],
] as const)
  FIXED[t] = size;
/** Tokens that may start a map key: strings and numbers (msgpackr turns other keys into strings, or fails). */
const KEY = new Uint8Array(256);
for (let t = 0; t < 256; t++) {
  const number = t < 0x80 || t >= 0xe0 || (t >= 0xca && t <= 0xd3);
  const string = (t >= 0xa0 && t <= 0xbf) || (t >= 0xd9 && t <= 0xdb);
  KEY[t] = number || string ? 1 : 0;
}
/** Bytes of the length or count after a token: str, bin, ext, array and map 8/16/32 (0 for fixext and the rest). */
const LENGTH_SIZE = new Uint8Array(256);
for (const [t, size] of [
  [0xc4, 1],
  [0xc5, 2],
  [0xc6, 4],
  [0xc7, 1],
  [0xc8, 2],
  [0xc9, 4],
  [0xd9, 1],
  [0xda, 2],
  [0xdb, 4],
  [0xdc, 2],
  [0xdd, 4],
  [0xde, 2],
  [0xdf, 4],
] as const)
  LENGTH_SIZE[t] = size;
/**
 * (token << 8 | type) of the fixed-size extensions the writer emits: undefined
 * (fixext 1, type 0), an invalid Date (fixext 1, type -1) and Dates as
 * timestamp 32 and 64 (fixext 4 and 8, type -1).
 */
const FIXEXT = new Set([0xd400, 0xd4ff, 0xd6ff, 0xd7ff]);

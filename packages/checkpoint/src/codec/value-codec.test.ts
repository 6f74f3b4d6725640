import { crc32 } from 'node:zlib';
import { pack } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { decodeValue, encodeValue } from '../index.ts';

describe('encodeValue / decodeValue', () => {
  it('round-trips plain data, undefined and Dates included', () => {
    const value = { a: [1, 'two', null, undefined, true], when: new Date(1_700_000_000_000), nested: { x: -1.5, big: 2 ** 40 } };
    expect(decodeValue(encodeValue(value), 'test')).toEqual(value);
  });

  it('refuses what a checkpoint could not hold, saying where', () => {
    expect(() => encodeValue({ list: [1, () => 2] })).toThrow(expect.objectContaining({ code: 'CHECKPOINT_UNSERIALIZABLE' }));
    expect(() => encodeValue({ list: [1, () => 2] })).toThrow(/list\[1\]/);
  });

  it('refuses bytes it did not write: wrong header, a flipped byte, a short buffer, structured-clone tricks', () => {
    const good = encodeValue({ a: 1 });
    const flipped = Uint8Array.from(good);
    flipped[flipped.length - 1]! ^= 1;
    const forged = (body: Uint8Array) => {
      // A valid header and checksum over a body msgpackr alone would decode with extensions (a pointer, here).
      const out = Buffer.concat([Buffer.from(good.subarray(0, 9)), Buffer.from(body)]);
      out.writeUInt32BE(crc32(out.subarray(8)), 4);
      return out;
    };
    for (const [bytes, why] of [
      [Buffer.from('nope nope nope'), 'wrong header'],
      [flipped, 'checksum mismatch'],
      [good.subarray(0, 5), 'too short'],
      [forged(Uint8Array.from([0xd4, 0x70, 0x00])), ''],
      [forged(pack([1, 2]).subarray(0, 2)), ''],
    ] as const) {
      expect(() => decodeValue(bytes, 'the task result')).toThrow(expect.objectContaining({ code: 'VALUE_CORRUPT' }));
      expect(() => decodeValue(bytes, 'the task result')).toThrow(new RegExp(`^the task result is not a value Weft wrote \\(${why}`));
    }
  });
});

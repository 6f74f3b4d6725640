import { afterEach, describe, expect, it, vi } from 'vitest';
import { exceedsUtf8Bytes, utf8ByteLength } from './utf8-byte-length.ts';

const samples = ['', 'abc', 'é', 'ß€', '😀', 'a😀b', '\ud800', '\udc00x', '\ud800\ud800\udc00', 'x'.repeat(1000) + '日本語'];
const encoded = (text: string): number => new TextEncoder().encode(text).length;

describe('utf8ByteLength', () => {
  afterEach(() => void vi.unstubAllGlobals());

  it("counts what TextEncoder writes, with Node's Buffer and with the loop a runtime without it takes", () => {
    for (const text of samples) expect([text, utf8ByteLength(text)]).toEqual([text, encoded(text)]);
    vi.stubGlobal('Buffer', undefined);
    for (const text of samples) expect([text, utf8ByteLength(text)]).toEqual([text, encoded(text)]);
  });

  it('exceedsUtf8Bytes: decided by length when it can, counted otherwise', () => {
    expect(exceedsUtf8Bytes('abcd', 3)).toBe(true);
    expect(exceedsUtf8Bytes('abc', 9)).toBe(false);
    // 3 characters, 6 bytes: between length and 3 × length, so counted.
    expect(exceedsUtf8Bytes('ééé', 5)).toBe(true);
    expect(exceedsUtf8Bytes('ééé', 6)).toBe(false);
    expect(exceedsUtf8Bytes('😀', 3)).toBe(true);
    expect(exceedsUtf8Bytes('😀', 4)).toBe(false);
  });
});

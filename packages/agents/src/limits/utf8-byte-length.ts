/** Node's Buffer, where there is one (read at each call, so a runtime without it takes the loop). */
type Host = { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } };

/**
 * The size of `text` in UTF-8 bytes, as it would be stored or sent, without
 * encoding it. In Node, Buffer.byteLength counts 100 MB in about 30 ms
 * (a loop over the characters takes about 1.7 s); elsewhere the loop counts:
 * a UTF-16 unit below U+0080 is 1 byte, below U+0800 2, a surrogate pair 4,
 * any other unit 3 (a lone surrogate is written as U+FFFD).
 */
export function utf8ByteLength(text: string): number {
  const buffer = (globalThis as Host).Buffer;
  if (buffer) return buffer.byteLength(text, 'utf8');
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Whether `text` is more than `max` UTF-8 bytes. Most texts are decided by
 * their length alone (each UTF-16 unit is 1 to 3 bytes), so a result well
 * within the limit is never counted.
 */
export function exceedsUtf8Bytes(text: string, max: number): boolean {
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  return utf8ByteLength(text) > max;
}

/**
 * JSON for a `<script type="application/json">` block. `<`, `>` and `&` become
 * \u escapes so no string in the data (`</script>`, `<!--`) can end the block
 * or open markup; U+2028/2029 too, so the text is also a valid JS literal.
 * JSON.parse reads the escapes back as the original characters. Binary
 * data left in the value is written as `[N bytes]`: JSON would spell a
 * `Uint8Array` out as an object of numbered fields (a Buffer as an array),
 * about ten times its size and of no use to a reader.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value, sizeOfBytes).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The replacer sees a Buffer after its toJSON(): the holder still has the original. */
function sizeOfBytes(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return ArrayBuffer.isView(original) ? `[${original.byteLength} bytes]` : value;
}

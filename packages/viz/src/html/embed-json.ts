/**
 * JSON for a `<script type="application/json">` block. `<`, `>` and `&` become
 * \u escapes so no string in the data (`</script>`, `<!--`) can end the block
 * or open markup; U+2028/2029 too, so the text is also a valid JS literal.
 * JSON.parse reads the escapes back as the original characters.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

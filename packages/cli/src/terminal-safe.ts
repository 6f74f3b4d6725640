/**
 * Characters a terminal may act on instead of showing: C0 controls (ESC starts
 * the sequences that clear the screen, move the cursor or set the title), DEL,
 * C1 controls (U+009B is a one-character CSI), the line and paragraph
 * separators, the bidi embeddings, overrides and isolates that reorder what
 * is shown (Trojan Source), and lone surrogates (not text at all).
 */
// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const UNSAFE_KEEPING_LINES =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One unsafe character as the escape bash's `$'…'` reads back: `\n`, `\x1b`, `\u202e`. */
export function escapeChar(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Whether `text` holds a character `terminalSafe` would escape. */
export function hasUnsafeChars(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}

/**
 * Text from data (thread ids, outputs, interrupt info, error messages) made
 * safe to print on a terminal: every character it could act on is written
 * as a visible escape (`\x1b`, `\n`, `\u202e`), everything else is left as
 * it is. With `lines`, newlines and tabs stay (multi-line text such as an
 * assistant's answer). The result holds only printable characters, so
 * escaping again changes nothing.
 */
export function terminalSafe(text: string, options: { lines?: boolean; escape?: (c: string) => string } = {}): string {
  return text.replace(options.lines ? UNSAFE_KEEPING_LINES : UNSAFE, options.escape ?? escapeChar);
}

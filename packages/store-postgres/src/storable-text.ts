/** A NUL (PostgreSQL's text cannot hold it), or a lone UTF-16 surrogate (it would be stored as U+FFFD). */
const UNSTORABLE = /\0|\p{Cs}/u;

/**
 * Whether PostgreSQL keeps `text` exactly as it is. A NUL makes the server
 * refuse the whole statement (22021); a lone surrogate is silently replaced,
 * so what comes back names something else.
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

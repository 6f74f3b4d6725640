/**
 * A namespace as `weft memory` prints it, and reads it back (see
 * parseNamespace): segments joined by `/`, with `%` written `%25` and `/`
 * written `%2F` inside a segment, and a `[` that starts the text `%5B`. The
 * root (no segments) is `/`.
 */
export function namespaceText(namespace: readonly string[]): string {
  if (namespace.length === 0) return '/';
  const text = namespace.map((segment) => segment.replace(/%/g, '%25').replace(/\//g, '%2F')).join('/');
  return text.startsWith('[') ? `%5B${text.slice(1)}` : text;
}

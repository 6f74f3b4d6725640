/**
 * The `error.type` of a failure: a Weft error's code (or another error's
 * string `code`, as Node's system errors have), else the error's name;
 * `_OTHER`, the conventions' fallback, when there is neither.
 */
export function errorType(err: unknown): string {
  if (typeof err === 'object' && err !== null) {
    const { code, name } = err as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && code !== '') return code;
    if (typeof name === 'string' && name !== '') return name;
  }
  return '_OTHER';
}

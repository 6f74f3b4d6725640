import { escapeChar, hasUnsafeChars, terminalSafe } from './terminal-safe.ts';

// Words made only of these need no quotes in sh, bash or zsh.
const SAFE = /^[A-Za-z0-9_\-./:=@%+,]+$/;

/**
 * Quotes one argument for a shell so that it reaches the program unchanged:
 * single quotes, with each `'` written as `'\''`. An argument with characters
 * a terminal would act on (a newline, an escape sequence) is written as
 * `$'…'` with visible escapes instead, so the printed command stays one
 * harmless line: bash, zsh, ksh and busybox sh read it (POSIX.1-2024 adds
 * it; dash and fish do not). Characters past ASCII are written as
 * their UTF-8 bytes (`\xe2\x80\xae`): a `\u` escape depends on the locale.
 */
export function shellQuote(arg: string): string {
  if (SAFE.test(arg)) return arg;
  if (hasUnsafeChars(arg))
    return `$'${terminalSafe(
      arg.replace(/[\\']/g, (c) => `\\${c}`),
      { escape: byteEscape },
    )}'`;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** An unsafe character as `$'…'` escapes of its UTF-8 bytes, which mean the same bytes in every locale. */
function byteEscape(c: string): string {
  if (c.charCodeAt(0) < 0x80) return escapeChar(c);
  return [...Buffer.from(c, 'utf8')].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
}

// Words made only of these need no quotes in sh, bash or zsh.
const SAFE = /^[A-Za-z0-9_\-./:=@%+,]+$/;

/**
 * Quotes one argument for a POSIX shell so that it reaches the program
 * unchanged: single quotes, with each `'` written as `'\''`.
 */
export function shellQuote(arg: string): string {
  if (SAFE.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

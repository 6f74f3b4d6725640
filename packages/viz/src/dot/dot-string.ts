/**
 * A DOT quoted string. Inside quotes DOT itself only reads `\"`, but labels
 * also interpret `\n`, `\l`, `\N`, `\G`, …: backslashes are doubled so user
 * text never turns into one of those, quotes escaped, and line breaks written
 * as `\n` (a centred line). The mapping is one-to-one, so node ids written
 * this way stay distinct.
 */
export function dotString(text: string): string {
  const body = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, ' ');
  return `"${body}"`;
}

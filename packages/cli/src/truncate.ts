/**
 * One line of at most `max` characters: newlines become `⏎` so a tool result
 * never breaks the event layout, and what is cut is counted.
 */
export function truncate(text: string, max: number): string {
  const line = text.replace(/\r?\n/g, '⏎');
  if (line.length <= max) return line;
  return `${line.slice(0, max)}… (+${line.length - max} chars)`;
}

/**
 * Greedy word wrap to at most `width` characters per line. SVG text does not
 * wrap by itself, and a caption that runs off the canvas is silently lost.
 * A single word longer than `width` gets a line of its own.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

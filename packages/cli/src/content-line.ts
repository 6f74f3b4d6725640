import { textOf, type Message } from '@weft/agents';
import { byteSize } from './byte-size.ts';

type Part = Exclude<Message['content'], string>[number];

/**
 * A message's content on the terminal: its text, and each image, file or
 * audio part as a marker in place (`[image image/png 41 KiB]`,
 * `[file report.pdf application/pdf 1.2 MiB]`, `[image https://…]`), so an
 * attachment is seen without its bytes being printed. Reasoning is not the
 * answer and is left out, as `textOf` leaves it out.
 */
export function contentLine(content: Message['content']): string {
  if (typeof content === 'string') return content;
  let line = '';
  let afterMarker = false;
  for (const part of content) {
    const piece = part.type === 'text' || part.type === 'reasoning' ? textOf([part]) : mediaMarker(part);
    if (piece === '') continue;
    const isMarker = part.type !== 'text' && part.type !== 'reasoning';
    // A marker stands apart from the text around it, without doubling a space the text already has.
    if ((isMarker || afterMarker) && line !== '' && !/\s$/.test(line) && !/^\s/.test(piece)) line += ' ';
    line += piece;
    afterMarker = isMarker;
  }
  return line;
}

/** The marker of one image, file or audio part. */
export function mediaMarker(part: Exclude<Part, { type: 'text' | 'reasoning' }>): string {
  const name = part.type === 'file' && part.name ? `${part.name} ` : '';
  const type = part.mediaType ? `${part.mediaType} ` : '';
  const where = 'data' in part ? byteSize(part.data.byteLength) : part.url.startsWith('data:') ? 'data URL' : part.url;
  return `[${part.type} ${name}${type}${where}]`;
}

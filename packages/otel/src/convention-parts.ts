/** A message content part in the GenAI conventions' words. */
export type ConventionPart =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'uri'; modality: string; mime_type?: string; uri: string }
  | { type: 'blob'; modality: string; mime_type: string; size: number };

/**
 * A message's content (text, or Weft content parts) as the conventions'
 * parts: text and reasoning as they are, an image, audio or file by URL as a
 * `uri` part. Bytes are not copied into the span: an attribute holding a
 * megabyte of base64 per model call would dwarf the trace, so a part with
 * bytes is a `blob` part with its media type and size only.
 */
export function conventionParts(content: unknown): ConventionPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', content }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: Record<string, unknown>): ConventionPart[] => {
    const type = part['type'];
    if ((type === 'text' || type === 'reasoning') && typeof part['text'] === 'string') return [{ type, content: part['text'] }];
    if (type !== 'image' && type !== 'audio' && type !== 'file') return [];
    const modality = type === 'file' ? 'file' : type;
    const mediaType = typeof part['mediaType'] === 'string' ? part['mediaType'] : undefined;
    if (typeof part['url'] === 'string')
      return [
        mediaType === undefined
          ? { type: 'uri', modality, uri: part['url'] }
          : { type: 'uri', modality, mime_type: mediaType, uri: part['url'] },
      ];
    const data = part['data'];
    return data instanceof Uint8Array ? [{ type: 'blob', modality, mime_type: mediaType ?? '', size: data.byteLength }] : [];
  });
}

/** The text parts of a content, joined: what a tool result's JSON value is read from. */
export function contentText(content: unknown): string {
  return conventionParts(content)
    .flatMap((p) => (p.type === 'text' ? [p.content] : []))
    .join('');
}

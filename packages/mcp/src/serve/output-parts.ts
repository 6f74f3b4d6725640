import type { ContentPart } from '@weft/agents';

/**
 * The content parts of a graph's output, when it is made of them: a list of
 * content parts, or a message (`{ role, content }`) whose content is one.
 * Any other output (a string, a state object) has none and is answered as
 * text or structured content. Every item must be a well-formed part, so an
 * unrelated array of `{ type }` objects is not mistaken for one.
 */
export function outputParts(output: unknown): ContentPart[] | undefined {
  const list = isRecord(output) && typeof output['role'] === 'string' && Array.isArray(output['content']) ? output['content'] : output;
  return Array.isArray(list) && list.length > 0 && list.every(isContentPart) ? list : undefined;
}

function isContentPart(value: unknown): value is ContentPart {
  if (!isRecord(value)) return false;
  const bytesOrUrl = value['data'] instanceof Uint8Array || typeof value['url'] === 'string';
  const mediaType = typeof value['mediaType'] === 'string';
  switch (value['type']) {
    case 'text':
    case 'reasoning':
      return typeof value['text'] === 'string';
    case 'image':
      return bytesOrUrl && (mediaType || (value['mediaType'] === undefined && typeof value['url'] === 'string'));
    case 'file':
      return bytesOrUrl && mediaType;
    case 'audio':
      return value['data'] instanceof Uint8Array && mediaType;
    default:
      return false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

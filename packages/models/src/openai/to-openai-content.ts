import type { ContentPart } from '@weft/chat-model';
import { ModelError } from '../errors.ts';

/** A content part in the Chat Completions wire format. */
export type OpenAIContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } }
  | { type: 'file'; file: { file_data: string; filename?: string } };

/**
 * A message's parts as Chat Completions content parts: an image as
 * `image_url` (its URL, or a `data:` URL of its bytes), audio as
 * `input_audio` (base64, format from the media type), a file as `file`
 * (`file_data` as a `data:` URL, with its `filename`). Reasoning is not
 * content on this protocol (see `reasoning_content`) and is left out here.
 */
export function toOpenAIContent(parts: readonly ContentPart[], model: string): OpenAIContentPart[] {
  const out: OpenAIContentPart[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        out.push({ type: 'text', text: part.text });
        break;
      case 'image':
        out.push({ type: 'image_url', image_url: { url: 'url' in part ? part.url : dataURL(part.mediaType, part.data) } });
        break;
      case 'audio':
        out.push({ type: 'input_audio', input_audio: { data: base64(part.data), format: audioFormat(part.mediaType, model) } });
        break;
      case 'file': {
        const fileData = 'data' in part ? dataURL(part.mediaType, part.data) : part.url;
        if (!fileData.startsWith('data:'))
          throw new ModelError(
            'INVALID_ARGUMENT',
            `model "${model}": Chat Completions takes a file as its bytes, not a URL (${fileData}): fetch it and pass { type: 'file', mediaType, data }`,
          );
        out.push({ type: 'file', file: part.name === undefined ? { file_data: fileData } : { file_data: fileData, filename: part.name } });
        break;
      }
      case 'reasoning':
        break;
    }
  }
  return out;
}

const base64 = (data: Uint8Array): string => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
const dataURL = (mediaType: string, data: Uint8Array): string => `data:${mediaType};base64,${base64(data)}`;

/** `input_audio.format`: Chat Completions knows `wav` and `mp3`. */
function audioFormat(mediaType: string, model: string): string {
  if (mediaType === 'audio/wav' || mediaType === 'audio/x-wav' || mediaType === 'audio/wave') return 'wav';
  if (mediaType === 'audio/mpeg' || mediaType === 'audio/mp3') return 'mp3';
  throw new ModelError('INVALID_ARGUMENT', `model "${model}": Chat Completions takes wav or mp3 audio, got ${mediaType}: convert it first`);
}

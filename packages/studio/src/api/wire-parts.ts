import type { ContentPart } from '@weft/agents';
import { z } from 'zod';
import { StudioError } from '../errors.ts';

const mediaType = (what: string) =>
  z
    .string({
      error: `${what} part needs its mediaType (e.g. ${what === 'an image' ? 'image/png' : what === 'an audio' ? 'audio/wav' : 'application/pdf'})`,
    })
    .min(1)
    .max(200);
const data = z.string({ error: 'a part needs its bytes as base64 text in `data`' }).describe('the bytes, base64 (RFC 4648, with padding)');

/**
 * A content part as a request carries it: text, or an image, file or audio
 * with its bytes as base64 (`data`). The studio decodes the bytes to a
 * Uint8Array, as the message's part holds them.
 */
export const wirePart = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('text'), text: z.string() }),
    z.strictObject({ type: z.literal('image'), mediaType: mediaType('an image'), data }),
    z.strictObject({ type: z.literal('file'), mediaType: mediaType('a file'), name: z.string().max(255).optional(), data }),
    z.strictObject({ type: z.literal('audio'), mediaType: mediaType('an audio'), data }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? "a part's type is text, image, file or audio" : undefined) },
);

export type WirePart = z.infer<typeof wirePart>;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The message parts of a request's parts: bytes decoded from base64.
 * CONTENT_INVALID when `data` is not base64, or a media type does not fit
 * its part (an image's is image/…, an audio's audio/…), naming the part by
 * `at` and its index.
 */
export function decodeParts(parts: readonly WirePart[], at: string): ContentPart[] {
  return parts.map((part, i): ContentPart => {
    if (part.type === 'text') return part;
    const where = `${at}[${i}]`;
    const family = part.type === 'image' ? 'image/' : part.type === 'audio' ? 'audio/' : '';
    if (!part.mediaType.toLowerCase().startsWith(family))
      throw invalid(where, `an ${part.type} part's mediaType is ${family}… (it says "${part.mediaType}"): send it as a file part instead`);
    if (part.data.length % 4 !== 0 || !BASE64.test(part.data))
      throw invalid(where, 'its data is not base64: send the bytes as standard base64 with padding (btoa, Buffer.toString("base64"))');
    const bytes = new Uint8Array(Buffer.from(part.data, 'base64'));
    if (part.type === 'file') return { type: 'file', mediaType: part.mediaType, data: bytes, ...(part.name ? { name: part.name } : {}) };
    if (part.type === 'image') return { type: 'image', mediaType: part.mediaType, data: bytes };
    return { type: 'audio', mediaType: part.mediaType, data: bytes };
  });
}

function invalid(where: string, what: string): StudioError {
  return new StudioError('CONTENT_INVALID', `body: ${where}: ${what}`, { details: { at: where } });
}

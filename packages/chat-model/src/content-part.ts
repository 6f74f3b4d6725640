/** Text the model reads or wrote. */
export interface TextPart {
  type: 'text';
  text: string;
}

/**
 * An image: its bytes and media type (`image/png`), or a URL the provider
 * fetches (an `https:` or `data:` URL; the media type is then optional).
 */
export type ImagePart = { type: 'image'; mediaType: string; data: Uint8Array } | { type: 'image'; mediaType?: string; url: string };

/** A document such as a PDF: its bytes or a URL, its media type, and a file name when it has one. */
export type FilePart =
  { type: 'file'; mediaType: string; name?: string; data: Uint8Array } | { type: 'file'; mediaType: string; name?: string; url: string };

/** Audio bytes and their media type (`audio/wav`, `audio/mpeg`). */
export interface AudioPart {
  type: 'audio';
  mediaType: string;
  data: Uint8Array;
}

/**
 * What a reasoning model thought before answering. `signature` is the
 * provider's proof of it and `redacted` its encrypted form, when the provider
 * gives them: kept so the reasoning can be sent back on the next request of a
 * tool loop, as some providers require. Never counted as the answer's text.
 */
export interface ReasoningPart {
  type: 'reasoning';
  text: string;
  signature?: string;
  redacted?: string;
}

/**
 * One piece of a message's content. Binary data is always a `Uint8Array`, so
 * checkpoints store it as bytes (and once per thread, by content hash), never
 * as base64 text.
 */
export type ContentPart = TextPart | ImagePart | FilePart | AudioPart | ReasoningPart;

/** The `type` of a content part: `text`, `image`, `file`, `audio` or `reasoning`. */
export type ContentPartType = ContentPart['type'];

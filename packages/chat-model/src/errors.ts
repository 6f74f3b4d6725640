import { WeftError } from '@weft/common';

/** Codes of the errors @weft/chat-model raises; check `err.code`. */
export type ChatModelErrorCode =
  /** A message has a part (an image, a file, audio) the model does not take. */
  'UNSUPPORTED_CONTENT';

/** Where the refused part is and which model refused it. */
export interface UnsupportedContentDetails {
  model: string;
  messageIndex: number;
  partIndex: number;
  partType: string;
  /** The part types the model takes besides text and reasoning. */
  accepts: readonly string[];
}

/**
 * A message a model cannot take: a `WeftError` of @weft/common (`code`,
 * `details`, `toJSON()`), never retryable: the same messages fail the same
 * way again.
 */
export class ChatModelError extends WeftError<ChatModelErrorCode> {
  override readonly name = 'ChatModelError';
  declare readonly details: UnsupportedContentDetails;

  constructor(code: ChatModelErrorCode, message: string, details: UnsupportedContentDetails) {
    super(code, message, { details, retryable: false });
  }
}

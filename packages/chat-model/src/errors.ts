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
 * A message a model cannot take. Shaped as every Weft error is (`code`,
 * `details`, `retryable`, `toJSON()`), so `isWeftError` and retry policies
 * know it, without this contract package depending on the engine's: the same
 * messages fail the same way again, so it is never retryable.
 */
export class ChatModelError extends Error {
  override readonly name = 'ChatModelError';
  readonly code: ChatModelErrorCode;
  readonly details: UnsupportedContentDetails;
  readonly retryable = false;

  constructor(code: ChatModelErrorCode, message: string, details: UnsupportedContentDetails) {
    super(message);
    this.code = code;
    this.details = details;
  }

  toJSON(): { name: string; code: ChatModelErrorCode; message: string; details: UnsupportedContentDetails; retryable: false } {
    return { name: this.name, code: this.code, message: this.message, details: this.details, retryable: false };
  }
}

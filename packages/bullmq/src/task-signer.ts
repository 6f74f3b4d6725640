import { createHmac, timingSafeEqual } from 'node:crypto';
import { QueueError } from './errors.ts';

/** What a signature vouches for: a task job's data, a step's shared part, or a task's result. */
export type SignedPart = 'task' | 'step' | 'result';

/** The shortest key accepted: HMAC-SHA256 is as strong as its key, up to 32 bytes. */
const MIN_KEY_BYTES = 32;

/**
 * Signs and checks what the workers of a queue hand each other through Redis
 * (HMAC-SHA256 with the key they share): a distributed task's job data, the
 * step's shared part it runs on, and the task's result that the run applies
 * to the thread. Each signature covers what the part is, where it belongs (the
 * step or the task job it was written for) and its encoded bytes, so a
 * signed part copied to another step or task is refused too. Checking
 * compares in constant time.
 */
export class TaskSigner {
  readonly #key: Buffer;

  constructor(key: string | Uint8Array) {
    const bytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : key instanceof Uint8Array ? Buffer.from(key) : Buffer.alloc(0);
    if (bytes.length < MIN_KEY_BYTES)
      throw new QueueError(
        'INVALID_ARGUMENT',
        `new WeftWorker(): signingKey must be a string or bytes of at least ${MIN_KEY_BYTES} bytes, shared by every worker of the queue (e.g. randomBytes(32).toString('base64'))`,
      );
    this.#key = bytes;
  }

  /** The signature of `text` as the `part` of `id` (a step key, a task job id), in hex. */
  sign(part: SignedPart, id: string, text: string): string {
    return this.#mac(part, id, text).toString('hex');
  }

  /**
   * Throws QUEUE_SIGNATURE_INVALID (not retryable: reading it again gives
   * the same bytes) unless `signature` is the one this key gives `text` as
   * the `part` of `id`. `where` names the part in the message.
   */
  verify(part: SignedPart, id: string, text: string, signature: string | undefined, where: string): void {
    const expected = this.#mac(part, id, text);
    const given = typeof signature === 'string' && /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : undefined;
    if (given && timingSafeEqual(given, expected)) return;
    throw new QueueError(
      'QUEUE_SIGNATURE_INVALID',
      `${where} is ${given ? 'signed with another key, or was changed after it was signed' : 'not signed'}: refused. Every worker of the queue must have the same signingKey; otherwise something else writes to the queue's Redis keys`,
      { retryable: false, details: { part, id } },
    );
  }

  #mac(part: SignedPart, id: string, text: string): Buffer {
    // Each field's length first: no two (part, id, text) triples hash the same bytes.
    return createHmac('sha256', this.#key).update(`weft-${part}-v1\n${id.length}:${id}\n${text.length}:`).update(text).digest();
  }
}

/** A part as it travels: its text, then `.` and the signature when it is signed (base64 and hex have no dot). */
export const withSignature = (text: string, signature: string | undefined): string =>
  signature === undefined ? text : `${text}.${signature}`;

/** A part's text and signature, split. */
export function splitSignature(value: string): { text: string; signature: string | undefined } {
  const dot = value.lastIndexOf('.');
  return dot < 0 ? { text: value, signature: undefined } : { text: value.slice(0, dot), signature: value.slice(dot + 1) };
}

import { WeftError } from '@weft/common';

/**
 * The codes of memory bank errors; every bank gives the same code for the
 * same failure (the conformance kit checks them). Check `err.code`, not
 * `instanceof`.
 */
export type MemoryErrorCode =
  /** A namespace a bank cannot keep: no segments where one is needed, an empty or too long segment, a control character. */
  | 'INVALID_NAMESPACE'
  /** A key that is empty, too long or holds a control character. */
  | 'INVALID_KEY'
  /** A value that is not JSON (a function, undefined, NaN, a class instance, a cycle, too deep). */
  | 'INVALID_VALUE'
  /** A value whose JSON text is over the bank's `maxValueBytes`. */
  | 'VALUE_TOO_LARGE'
  /** A filter with an unknown operator, a bad field name or an operand that is not a scalar. */
  | 'INVALID_FILTER'
  /** Any other bad argument: a limit, a cursor, a ttl, options of the wrong shape. */
  | 'INVALID_ARGUMENT'
  /** The embedder failed or returned vectors of the wrong count or length. */
  | 'EMBEDDING_FAILED'
  /** A call on a bank after close(). */
  | 'BANK_CLOSED';

/** A failure of a memory bank call: nothing was written. */
export class MemoryError extends WeftError<MemoryErrorCode> {
  override readonly name = 'MemoryError';
}

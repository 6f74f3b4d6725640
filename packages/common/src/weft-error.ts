import { retryableOf } from './retryable-of.ts';

/** A WeftError as plain JSON: what events, checkpoints and dispatched task results carry. */
export interface WeftErrorJSON {
  name: string;
  code: string;
  message: string;
  details?: unknown;
  cause?: unknown;
  /** Present only when the error was marked (see `WeftError.retryable`). */
  retryable?: boolean;
}

export interface WeftErrorOptions {
  cause?: unknown;
  details?: unknown;
  /** See `WeftError.retryable`; leave it out when a retry may or may not help. */
  retryable?: boolean | undefined;
}

/**
 * The error every Weft package raises: a stable `code`, `details` for
 * programs, the `cause` it wraps, whether trying again may help, and a
 * `toJSON()` so it can sit in events and checkpoints. Each package keeps its
 * own union of codes in its `errors.ts` and subclasses or instantiates this
 * class with it (`class ModelError extends WeftError<ModelErrorCode>`). Check
 * `err.code`, not `instanceof`: codes survive serialization and package copies.
 *
 * @example
 * const err = new WeftError('MODEL_AUTH', 'the API key was refused', { retryable: false, details: { status: 401 } });
 * err.toJSON(); // { name: 'WeftError', code: 'MODEL_AUTH', message: 'the API key was refused', details: { status: 401 }, retryable: false }
 */
export class WeftError<C extends string = string> extends Error {
  override readonly name: string = 'WeftError';
  /** Stable across versions and serialization; each package has its own union of codes. */
  readonly code: C;
  readonly details: unknown;
  /**
   * Whether trying again may help (Temporal's non-retryable failures): `false`
   * means never, and a node's retry policy then gives up at once unless its
   * own `retryOn` says otherwise; `true` marks a transient failure. Unset: the
   * retry policy decides, as for any error. (Declared, and set only when
   * given, so that an unmarked error shows no `retryable: undefined`.)
   */
  declare readonly retryable?: boolean;

  constructor(code: C, message: string, options: WeftErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
    if (options.retryable !== undefined) this.retryable = options.retryable;
  }

  toJSON(): WeftErrorJSON {
    const json: WeftErrorJSON = { name: this.name, code: this.code, message: this.message };
    if (this.details !== undefined) json.details = this.details;
    if (this.cause !== undefined) json.cause = errorToJSON(this.cause);
    if (this.retryable !== undefined) json.retryable = this.retryable;
    return json;
  }
}

/**
 * Whether a thrown value is a WeftError: of this copy of @weft/common, or of
 * another one loaded beside it (a module loaded as CommonJS brings its own; a
 * worker's package may differ from the engine's), which `instanceof` would
 * miss and wrap, losing its code and `retryable`. Judged by shape: an Error
 * with a string `code` and a `toJSON()`.
 *
 * @example
 * isWeftError(new WeftError('X', 'm')); // true
 * isWeftError(Object.assign(new Error('m'), { code: 'X', toJSON: () => ({}) })); // true: another copy's
 * isWeftError(new Error('m')); // false
 */
export function isWeftError(value: unknown): value is WeftError {
  if (value instanceof WeftError) return true;
  if (!(value instanceof Error)) return false;
  const e = value as Partial<WeftError>;
  return typeof e.code === 'string' && typeof e.toJSON === 'function';
}

/**
 * A plain JSON view of any thrown value, for events and checkpoints: a
 * WeftError's own `toJSON()`, or the name, message, `code` (`ERROR` when it
 * has none), cause and `retryable` flag of anything else.
 *
 * @example
 * errorToJSON(new TypeError('x')); // { name: 'TypeError', code: 'ERROR', message: 'x' }
 */
export function errorToJSON(err: unknown): WeftErrorJSON {
  if (isWeftError(err)) return err.toJSON();
  if (err instanceof Error) {
    const json: WeftErrorJSON = { name: err.name, code: (err as { code?: string }).code ?? 'ERROR', message: err.message };
    if (err.cause !== undefined) json.cause = errorToJSON(err.cause);
    return withRetryable(json, err);
  }
  return withRetryable({ name: 'Error', code: 'ERROR', message: String(err) }, err);
}

function withRetryable(json: WeftErrorJSON, err: unknown): WeftErrorJSON {
  const retryable = retryableOf(err);
  if (retryable !== undefined) json.retryable = retryable;
  return json;
}

/**
 * Every error Weft's graph layer raises is a `WeftError` with a stable `code`.
 * Check `err.code`, not `instanceof`: codes survive serialization into events
 * and checkpoints, and across package copies.
 */
export type WeftErrorCode =
  | 'GRAPH_INVALID'
  | 'INVALID_ARGUMENT'
  | 'BRANCH_TARGET_INVALID'
  | 'INPUT_MERGE_CONFLICT'
  | 'MAX_STEPS_EXCEEDED'
  | 'NODE_FAILED'
  | 'NODE_TIMEOUT'
  | 'RUN_ABORTED'
  | 'INTERRUPT_OUTSIDE_NODE'
  | 'STORE_REQUIRED'
  | 'THREAD_NOT_FOUND'
  | 'CHECKPOINT_NOT_FOUND'
  | 'CHECKPOINT_CORRUPT'
  | 'CHECKPOINT_VERSION'
  | 'CHECKPOINT_GRAPH_MISMATCH'
  | 'CHECKPOINT_UNSERIALIZABLE'
  | 'CHECKPOINT_TOO_LARGE'
  | 'CONCURRENT_RESUME'
  | 'THREAD_BUSY'
  | 'LEASE_LOST'
  | 'INTERRUPT_ALREADY_ANSWERED'
  | 'CHECKPOINT_NOT_LATEST'
  | 'CHECKPOINTS_NOT_WRITTEN'
  | 'STATE_CONFLICT'
  | 'REDUCER_FAILED'
  | 'UNKNOWN_INTERRUPT'
  | 'NOTHING_TO_RESUME'
  | 'INPUT_INVALID'
  | 'OUTPUT_INVALID'
  | 'RESUME_INVALID'
  | 'RUN_FAILED'
  | 'TASK_GRAPH_MISMATCH'
  | 'TASK_DISPATCH_FAILED'
  | 'VALUE_CORRUPT';

export interface WeftErrorJSON {
  name: string;
  code: string;
  message: string;
  details?: unknown;
  cause?: unknown;
  /** Present only when the error was marked (see `WeftError.retryable`). */
  retryable?: boolean;
}

export class WeftError<C extends string = WeftErrorCode> extends Error {
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
 * Whether a thrown value is a WeftError: of this copy of @weft/graph, or of
 * another one loaded beside it (a module loaded as CommonJS brings its own; a
 * worker's package may differ from the engine's), which `instanceof` would
 * miss and wrap, losing its code and `retryable`. Judged by shape: an Error
 * with a string `code` and a `toJSON()`.
 */
export function isWeftError(value: unknown): value is WeftError {
  if (value instanceof WeftError) return true;
  if (!(value instanceof Error)) return false;
  const e = value as Partial<WeftError<string>>;
  return typeof e.code === 'string' && typeof e.toJSON === 'function';
}

export interface WeftErrorOptions {
  cause?: unknown;
  details?: unknown;
  /** See `WeftError.retryable`; leave it out when a retry may or may not help. */
  retryable?: boolean | undefined;
}

/**
 * The `retryable` flag of any thrown value: a WeftError's, or that of an error
 * or plain object from another package; `undefined` when it has none.
 */
export function retryableOf(err: unknown): boolean | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const flag = (err as { retryable?: unknown }).retryable;
  return typeof flag === 'boolean' ? flag : undefined;
}

/** One problem found by `compile()`. */
export interface GraphIssue {
  code:
    | 'DUPLICATE_NODE'
    | 'RESERVED_NAME'
    | 'INVALID_NODE'
    | 'UNKNOWN_SOURCE'
    | 'UNKNOWN_TARGET'
    | 'NO_ENTRY'
    | 'UNREACHABLE'
    | 'NO_PATH_TO_END'
    | 'CYCLE_WITHOUT_EXIT'
    | 'JOIN_ON_CYCLE';
  message: string;
  nodes: string[];
}

/** `compile()` reports every problem at once. */
export class GraphValidationError extends WeftError {
  override readonly name = 'GraphValidationError';
  readonly issues: readonly GraphIssue[];

  constructor(graphName: string, issues: GraphIssue[]) {
    const lines = issues.map((i) => `  - [${i.code}] ${i.message}`).join('\n');
    super('GRAPH_INVALID', `graph "${graphName}" is invalid (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n${lines}`, {
      details: { issues },
    });
    this.issues = issues;
  }
}

/** A node threw (after its retries). `path` is the node's full path through subgraphs. */
export class NodeError extends WeftError {
  override readonly name = 'NodeError';
  readonly node: string;
  readonly path: readonly string[];

  constructor(path: readonly string[], cause: unknown, attempts: number) {
    const node = path[path.length - 1] ?? '';
    const reason = cause instanceof Error ? cause.message : String(cause);
    super('NODE_FAILED', `node "${path.join('/')}" failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`, {
      cause,
      details: { node, path: [...path], attempts },
      // The node failed for its cause's reason: a subgraph node around it must not retry what the inner node would not.
      retryable: retryableOf(cause),
    });
    this.node = node;
    this.path = path;
  }
}

/**
 * An error that crossed a process boundary as JSON (a dispatched task's
 * failure), as a WeftError again: the same code, name, message and details.
 */
export function errorFromJSON(json: WeftErrorJSON): WeftError<string> {
  const cause = isErrorJSON(json.cause) ? errorFromJSON(json.cause) : json.cause;
  const err = new WeftError<string>(String(json.code), String(json.message), { details: json.details, cause, retryable: json.retryable });
  // The subclass it was (NodeError, AgentError, QueueError) survives as its name; its code is what to check.
  if (typeof json.name === 'string')
    Object.defineProperty(err, 'name', { value: json.name, enumerable: false, configurable: true, writable: true });
  return err;
}

function isErrorJSON(value: unknown): value is WeftErrorJSON {
  return value !== null && typeof value === 'object' && typeof (value as WeftErrorJSON).code === 'string' && 'message' in value;
}

/** A plain JSON view of any thrown value, for events and checkpoints. */
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

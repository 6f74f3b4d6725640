import { WeftError, type WeftErrorCode } from '@weft/graph';
import type { MemoryErrorCode } from '@weft/memory';

/**
 * Codes of the errors the `weft` command raises itself. Errors from the
 * graph, the agents and the stores keep their own codes and are reported
 * through `reportError`.
 */
export type CliErrorCode =
  | 'USAGE'
  | 'MODULE_NOT_FOUND'
  | 'MODULE_LOAD_FAILED'
  | 'EXPORT_NOT_USABLE'
  | 'MODULE_IS_COMMONJS'
  | 'MODULE_NOT_RECORDED'
  | 'RECORDED_MODULE_MISSING'
  | 'MODULE_OUTSIDE_PROJECT'
  | 'MODULE_IN_STORE_FOLDER'
  | 'STORE_UNREADABLE'
  | 'CHECKPOINTS_CORRUPT'
  | 'JSON_INVALID'
  | 'THREAD_NOT_FOUND'
  | 'THREAD_INTERRUPTED'
  | 'CHECKPOINT_NOT_FOUND'
  | 'UNKNOWN_INTERRUPT'
  | 'INTERRUPT_AMBIGUOUS'
  | 'VALUE_REQUIRED'
  | 'RUN_FAILED'
  | 'FILE_UNREADABLE'
  | 'FILE_UNWRITABLE'
  | 'VIZ_UNAVAILABLE'
  | 'BENCH_UNAVAILABLE'
  | 'FOLDER_NOT_EMPTY'
  | 'QUEUE_UNAVAILABLE'
  | 'MCP_UNAVAILABLE'
  /** `weft a2a` needs @weft/a2a, which is not installed (or does not load). */
  | 'A2A_UNAVAILABLE'
  | 'STUDIO_UNAVAILABLE'
  | 'QUEUE_UNREACHABLE'
  | 'STORE_NOT_SHARED'
  | 'ATTACHMENT_UNREADABLE'
  | 'ATTACHMENT_TOO_LARGE'
  | 'MEMORY_ITEM_NOT_FOUND'
  | 'EVAL_UNAVAILABLE'
  | 'EVAL_NOT_FOUND'
  /** `weft graph --hash`: the store kept no version of the graph with that hash. */
  | 'GRAPH_VERSION_NOT_FOUND'
  | EvalInputCode;

/**
 * The eval package's codes for an eval that cannot be run as given (`weft
 * eval`): a definition or case of the wrong shape, an expected trajectory
 * the graph cannot produce, a --baseline that is no report. A failing eval
 * exits with 1; one that could not start exits with 2, so CI tells them apart.
 */
export type EvalInputCode = 'INVALID_EVAL' | 'INVALID_CASE' | 'TRAJECTORY_UNREACHABLE' | 'INVALID_REPORT';

/**
 * The memory bank's codes for input it refuses (`weft memory`): the command
 * line gave a bad namespace, key, value, filter or limit.
 */
export type MemoryInputCode = Extract<
  MemoryErrorCode,
  'INVALID_NAMESPACE' | 'INVALID_KEY' | 'INVALID_VALUE' | 'VALUE_TOO_LARGE' | 'INVALID_FILTER' | 'INVALID_ARGUMENT'
>;

/** Codes that mean the command line (or what it needs installed) is wrong: exit code 2. */
const EXIT_2: ReadonlySet<string> = new Set<CliErrorCode | MemoryInputCode>([
  'USAGE',
  'QUEUE_UNAVAILABLE',
  'MCP_UNAVAILABLE',
  'A2A_UNAVAILABLE',
  'STUDIO_UNAVAILABLE',
  'STORE_NOT_SHARED',
  'ATTACHMENT_UNREADABLE',
  'ATTACHMENT_TOO_LARGE',
  'INVALID_NAMESPACE',
  'INVALID_KEY',
  'INVALID_VALUE',
  'VALUE_TOO_LARGE',
  'INVALID_FILTER',
  'INVALID_ARGUMENT',
  'EVAL_UNAVAILABLE',
  'EVAL_NOT_FOUND',
  'INVALID_EVAL',
  'INVALID_CASE',
  'TRAJECTORY_UNREACHABLE',
  'INVALID_REPORT',
]);

/**
 * A failure the command explains: one line of `message`, one line of `hint`
 * (what to do about it). Usage errors exit with 2 (so do a queue command
 * without @weft/bullmq, a store the queue's processes cannot share, an agent module's versions its host cannot apply, and an --attach file that
 * cannot be read or is too large, what a memory bank refuses as input, and an eval that cannot start), every other one with 1.
 * A lower layer's error that the command can say more about (which thread,
 * the exact command to run) keeps its own code (THREAD_BUSY, …) and is the `cause`.
 */
export class CliError extends WeftError<CliErrorCode | WeftErrorCode | MemoryInputCode> {
  override readonly name: string = 'CliError';
  readonly hint: string;

  constructor(
    code: CliErrorCode | WeftErrorCode | MemoryInputCode,
    message: string,
    hint: string,
    options: { cause?: unknown; details?: unknown } = {},
  ) {
    super(code, message, options);
    this.hint = hint;
  }

  get exitCode(): number {
    return EXIT_2.has(this.code) ? 2 : 1;
  }
}

/** A usage error: the command line itself is wrong. */
export const usageError = (message: string, hint: string): CliError => new CliError('USAGE', message, hint);

import type { Draft } from 'immer';
import type { BackoffPolicy } from '@weft/common';
import type { WeftError } from '../errors.ts';
import type { NodeGuardrails } from './guardrail.ts';

/** How a node with several incoming edges fires. */
export type Trigger = 'any' | 'all';

/**
 * Retries apply to thrown errors and timeouts; interrupts are never retried.
 * The delay before attempt k + 1 is `initialDelayMs · backoff^(k-1)` (default
 * 100 ms, doubling, at most `maxDelayMs` = 30 s), with equal jitter: a random
 * point between half of it and all of it, unless `jitter: false` (see
 * `backoffDelay`).
 *
 * An error marked `retryable: false` (a `WeftError` made with that option, or
 * any thrown value with `retryable === false`, such as a model's 401) is not
 * retried: the node gives up at once, as after its last attempt (`fallback`
 * and `onError` still apply). When `retryOn` is given, it decides instead,
 * flag or not. Errors without the flag are retried.
 */
export interface RetryPolicy extends BackoffPolicy {
  /** Total attempts including the first (default 3). */
  maxAttempts?: number;
  /** Return false to fail at once, true to retry (default: retry every error not marked `retryable: false`). */
  retryOn?: (error: unknown, attempt: number) => boolean;
}

export interface NodeOptions<I = unknown, O = unknown, S = unknown> {
  /** `any` (default): fires in the step after any predecessor delivered. `all`: a join. */
  trigger?: Trigger;
  /** Runs before the node with a draft of the state; may return a replacement input (Eino's StatePreHandler). */
  pre?: (input: I, state: Draft<S>) => I | void;
  /** Runs after the node with a draft of the state; may return a replacement output (Eino's StatePostHandler). */
  post?: (output: O, state: Draft<S>) => O | void;
  retry?: RetryPolicy;
  /** Per attempt; the node's `ctx.signal` aborts when it elapses. */
  timeoutMs?: number;
  /** Combines two inputs delivered to an `any` node in the same step (default: concat arrays, merge objects). */
  merge?: (a: I, b: I) => I;
  /** Combines the chunks of a streaming node into its output (default: join strings, concat arrays). */
  concat?: (chunks: readonly unknown[]) => O;
  /** Shown in the IR (`lambda` by default; higher layers use `chat-model`, `tools`, …). */
  kind?: string;
  /** Free-form data higher layers attach for viewers (agent name, tools, transfer targets). */
  annotations?: Record<string, unknown>;
  /** Replaces the node's segment in interrupt addresses (default: the node name). */
  address?: string;
  /**
   * What a failure of this node does once its retries are spent (unless a
   * `fallback` is set):
   * - `'stop-run'` (default): the step's other nodes finish (their results are
   *   kept), then the run stops with status `'error'`;
   * - `'stop-branch'`: only this node's branch stops. The rest of the graph runs
   *   on (a join that waits for the failed branch keeps waiting), and the run
   *   ends with status `'error'` once nothing else can run. Resuming the thread
   *   runs the failed node again, with the same input.
   */
  onError?: 'stop-run' | 'stop-branch';
  /**
   * Turns a failure (once the retries are spent) into an output: what it
   * returns (or resolves to) is the node's output, as if the node had returned
   * it; the post handler still runs, and the state changes of the failed
   * attempt are dropped. If it throws, the run fails as with `'stop-run'`.
   */
  fallback?: (error: WeftError, input: I) => O | Promise<O>;
  /**
   * Lets this node's tasks run in other processes: when the run has a task
   * dispatcher (a `@weft/bullmq` worker gives its runs one), each task of the
   * node in a step (every `send()` of a map) goes to it, and the step's
   * barrier waits for their results. The node then gets its input, the
   * step's state and the run context as serialized data, and its state
   * changes come back as patches. Not for subgraph nodes. Overrides the
   * graph's `compile({ distribute })`.
   */
  distribute?: boolean;
  /**
   * Checks on the node's input (before it runs) and output (after; for a
   * streaming node, its chunks are held until the text so far passed). A trip
   * fails the node with GUARDRAIL_TRIPPED; see docs/agents/guardrails.md.
   */
  guardrails?: NodeGuardrails<I, O>;
}

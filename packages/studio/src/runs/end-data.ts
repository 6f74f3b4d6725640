import type { InterruptRecord } from '@weft/graph';
import { errorCause } from '../events/error-cause.ts';
import { jsonSafe } from '../events/json-safe.ts';
import type { RunEndData } from '../events/studio-event.ts';

/** The fields of a run result (graph or agent) the `end` event reports. */
export interface ResultLike {
  status: 'done' | 'interrupted' | 'error';
  interrupts: readonly unknown[];
  error: { code: string; message: string; details?: unknown } | undefined;
}

/**
 * A run's `end` event from its result: `output` for a done run, `interrupts`
 * for an interrupted one, `error` for a failed one. `safe` copies the output
 * as events carry it (ThreadChannels.safe: its content parts' bytes by hash).
 */
export function endData(
  runId: string,
  threadId: string,
  checkpointId: string | undefined,
  result: ResultLike,
  output: unknown,
  safe: (value: unknown) => unknown = jsonSafe,
): RunEndData {
  const base = { runId, threadId, status: result.status, checkpointId };
  if (result.status === 'done') return { ...base, output: safe(output) };
  if (result.status === 'interrupted') return { ...base, interrupts: jsonSafe(result.interrupts) as InterruptRecord[] };
  return { ...base, error: errorOf(result.error) };
}

/** A thrown error as an `end` event's error. */
export function errorOf(err: unknown): { code: string; message: string; details?: unknown } {
  const e = err as { code?: unknown; message?: unknown; details?: unknown } | null | undefined;
  const code = typeof e?.code === 'string' ? e.code : 'RUN_FAILED';
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const cause = errorCause(err);
  return { code, message, ...(e?.details === undefined ? {} : { details: jsonSafe(e.details) }), ...(cause ? { cause } : {}) };
}

import type { FinishReason } from '@weft/chat-model';

/** Every `FinishReason`, in the order error messages list them. */
export const FINISH_REASONS: readonly FinishReason[] = ['stop', 'length', 'tool-calls', 'content-filter', 'error', 'other'];

/** Whether `value` is a `FinishReason` (scripts and cassette lines are checked with it). */
export function isFinishReason(value: unknown): value is FinishReason {
  return (FINISH_REASONS as readonly unknown[]).includes(value);
}

import type { AgentEvent } from '@weft/agents';
import type { CaseUsage } from '../scorers/scorer.ts';
import type { PathRecorder } from './path-recorder.ts';

/**
 * What a case's runs spent: tokens as the models reported them on their
 * messages (0 when a model reports none), model calls and steps as the
 * scheduler ran them, and the wall time.
 */
export function usageOf(events: readonly AgentEvent[], recorder: PathRecorder, durationMs: number): CaseUsage {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const event of events) {
    if (event.type !== 'message') continue;
    const usage = event.output.message.usage;
    if (usage === undefined) continue;
    inputTokens += usage.inputTokens;
    outputTokens += usage.outputTokens;
  }
  return {
    inputTokens,
    outputTokens,
    totalTokens: inputTokens + outputTokens,
    modelCalls: recorder.modelCalls,
    steps: recorder.steps,
    durationMs,
  };
}

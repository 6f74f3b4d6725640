import { checkpointHandle, type AgentRunResult, type AgentRunState, type Message } from '@weft/agents';
import type { RunResult } from '@weft/graph';
import type { WorkerTarget } from './worker-target.ts';

/**
 * The result of a run that ended (done or interrupted) while its worker died
 * before the job did, rebuilt from the thread's last checkpoint instead of
 * running anything again. It is what the run returned, except that `runId`
 * is `job:<id>` (checkpoints do not keep it) and an agent's `events` are
 * empty (they are in the job's stream); a done agent's `finalOutput` is its
 * final message's text.
 */
export async function finishedResult(target: WorkerTarget, threadId: string, jobId: string): Promise<RunResult | AgentRunResult> {
  const graph = target.graph;
  const view = await graph.getState(threadId);
  // The thread branch's usage as its last checkpoint counted it (a budget's count goes on from there).
  const usage = { tokens: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, modelCalls: 0, toolCalls: 0, wallMs: 0, ...view.usage };
  const base = { checkpointId: view.id, threadId, usage };
  if (target.kind === 'graph') {
    const common = { ...base, state: view.state, runId: `job:${jobId}`, steps: view.step };
    if (view.status === 'interrupted' && view.interrupts.length)
      return {
        ...common,
        // The step that stopped at the interrupt ran too (a checkpoint counts only completed steps).
        steps: view.step + 1,
        status: 'interrupted',
        output: undefined,
        interrupts: [view.interrupts[0]!, ...view.interrupts.slice(1)],
        error: undefined,
      };
    return { ...common, status: 'done', output: view.output, interrupts: [], error: undefined };
  }
  const state = view.state as AgentRunState;
  const common = { events: [], checkpointId: checkpointHandle(threadId, view.id), threadId, usage, sessionValues: { ...state.session } };
  if (view.status === 'interrupted' && view.interrupts.length)
    return {
      ...common,
      status: 'interrupted',
      interrupts: [view.interrupts[0]!, ...view.interrupts.slice(1)],
      finalMessage: undefined,
      finalOutput: undefined,
      error: undefined,
    };
  const finalMessage = lastAnswer(state) ?? { role: 'assistant', content: '' };
  return { ...common, status: 'done', finalMessage, finalOutput: finalMessage.content, interrupts: [], error: undefined };
}

/** The main history's last answer: an assistant message without tool calls. */
function lastAnswer(state: AgentRunState): Message | undefined {
  const chunks = state.lanes['main']?.events ?? [];
  for (let c = chunks.length - 1; c >= 0; c--)
    for (let i = chunks[c]!.length - 1; i >= 0; i--) {
      const m = chunks[c]![i]!.message;
      if (m.role === 'assistant' && !m.toolCalls?.length) return m;
    }
  return undefined;
}

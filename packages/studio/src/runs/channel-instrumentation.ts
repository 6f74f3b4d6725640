import { agentEventOf, observeModelInput } from '@weft/agents';
import type { GraphEvent, Instrumentation, RunInstrument } from '@weft/graph';
import { CallTracker } from '../calls/call-tracker.ts';
import type { ModelPrices } from '../calls/model-prices.ts';
import { jsonSafe } from '../events/json-safe.ts';
import type { ThreadChannels } from '../events/thread-channels.ts';

/** What the runner waits for on a thread: the run it launched, to learn its id. */
export interface Awaited {
  mode: 'run' | 'resume' | 'fork';
  /** The answers the run gives interrupts (resume, fork). */
  resume: Record<string, unknown> | undefined;
  started(runId: string): void;
  /** The checkpoint the run wrote last (from the graph's result). */
  checkpointId: string | undefined;
}

/**
 * The observer every studio run carries: it opens the thread's channel when
 * the run starts and puts every graph event on it (an agent event carried by
 * a graph event goes as an `agent` event instead), and its model and tool
 * calls as `call` events (see CallTracker; `prices` gives their cost). A run
 * of a thread the studio did not launch (none awaited) is left alone.
 */
export function channelInstrumentation(channels: ThreadChannels, awaited: Map<string, Awaited>, prices: ModelPrices): Instrumentation {
  return {
    startRun(run): RunInstrument | undefined {
      const threadId = run.threadId;
      const waiting = threadId === undefined ? undefined : awaited.get(threadId);
      if (threadId === undefined || !waiting) return undefined;
      awaited.delete(threadId);
      const resume = waiting.resume === undefined ? {} : { resume: jsonSafe(waiting.resume) as Record<string, unknown> };
      channels.begin({ runId: run.runId, threadId, mode: waiting.mode, startedAt: Date.now(), ...resume });
      waiting.started(run.runId);
      const calls = new CallTracker(run.nodes, prices, (data) => channels.push(threadId, 'call', jsonSafe(data)));
      const stopInputs = observeModelInput(run.context, (input) => calls.modelInput(input));
      return {
        event: (e: GraphEvent) => {
          const agent = agentEventOf(e);
          if (agent) channels.push(threadId, 'agent', channels.safe(threadId, agent));
          else channels.push(threadId, 'graph', channels.safe(threadId, e));
          calls.event(e);
        },
        end: (result) => {
          stopInputs();
          calls.end(Date.now(), result.status);
          waiting.checkpointId = result.checkpointId;
        },
      };
    },
  };
}

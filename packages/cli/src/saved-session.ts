import { Runner } from '@weft/agents';
import type { CheckpointStore } from '@weft/graph';
import type { RunnableExport } from './runnable-export.ts';

/**
 * The session values a thread has at a checkpoint: an agent's, read from
 * the checkpoint's state through the graph the Runner compiles for it; a
 * graph has none. A resume gives a module's default session values only
 * for keys missing here (see sessionValues).
 */
export async function savedSession(
  loaded: RunnableExport,
  store: CheckpointStore,
  threadId: string,
  checkpointId: string,
): Promise<Record<string, unknown>> {
  if (loaded.kind === 'graph') return {};
  const view = await new Runner({ agent: loaded.agent }).graph.withStore(store).getState(threadId, checkpointId);
  return { ...view.state.session };
}

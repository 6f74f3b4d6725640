import type { Message } from '@weft/chat-model';
import type { NodeContext } from '@weft/graph';

/** A model call an agent is about to make: where it runs and the messages it sends. */
export interface ModelInput {
  readonly agentName: string;
  /** The subgraph nodes leading to the model node's graph (`[]` at the top), as that node's graph events have them. */
  readonly path: readonly string[];
  /** The model node (named after its agent) and its task key, as its `node.start` event has them. */
  readonly node: string;
  readonly key: string | undefined;
  /**
   * What the model is sent, in order: the agent's instruction as a leading
   * system message (when it has one), the history, this run's input. Read it
   * during the call; it is the list the model gets, so leave it unchanged.
   */
  readonly messages: readonly Message[];
}

export type ModelInputListener = (input: ModelInput) => void;

/**
 * The listeners of each run, by the run's context object: the one object a
 * node (`ctx.context`) and an instrumentation (`run.context`) both hold. Kept
 * beside the context, never in it: nothing of this is saved with the thread,
 * and a run nobody listens to pays one failed lookup per model call.
 */
const listeners = new WeakMap<object, Set<ModelInputListener>>();

/**
 * Calls `listener` with each model call's input in the run whose context is
 * `runContext` (an `InstrumentedRun`'s `context`), before the model is
 * called; returns the function that stops it. For instrumentations that
 * record what models are sent (an OpenTelemetry `gen_ai.input.messages`):
 * agents build no such record unless someone listens. The first call of a
 * model step is reported (a structured-output correction is the same step).
 * A listener that throws is ignored. Model calls of tasks run by a
 * distributed dispatcher happen in other processes and are not seen here.
 *
 * @example
 * const instrumentation: Instrumentation = {
 *   startRun(run) {
 *     const stop = observeModelInput(run.context, (input) => console.log(input.agentName, input.messages.length));
 *     return { event: () => {}, end: stop };
 *   },
 * };
 */
export function observeModelInput(runContext: Record<string, unknown>, listener: ModelInputListener): () => void {
  let set = listeners.get(runContext);
  if (!set) listeners.set(runContext, (set = new Set()));
  const own = set;
  own.add(listener);
  return () => {
    own.delete(listener);
    if (own.size === 0 && listeners.get(runContext) === own) listeners.delete(runContext);
  };
}

/** Tells the run's model-input listeners, if it has any, what the model node at `ctx` is about to send. */
export function notifyModelInput(
  ctx: Pick<NodeContext<unknown>, 'context' | 'path' | 'key'>,
  agentName: string,
  messages: readonly Message[],
): void {
  const set = listeners.get(ctx.context);
  if (!set) return;
  const path = ctx.path.slice(0, -1);
  const input: ModelInput = { agentName, path, node: ctx.path.at(-1)!, key: ctx.key, messages };
  for (const listener of set) {
    try {
      listener(input);
    } catch {
      // Observing a model call never changes it.
    }
  }
}

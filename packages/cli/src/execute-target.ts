import { toRunTarget, type AgentRun, type AgentRunTarget, type GraphRunTarget, type Message } from '@weft/agents';
import type { CheckpointStore, LeaseKeeper, Run } from '@weft/graph';
import { moduleVersions } from './module-versions.ts';
import { commandTarget } from './command-target.ts';
import type { EventSink } from './event-sink.ts';
import type { LoadedModule } from './load-module.ts';
import { agentOutcome, graphOutcome, type RunOutcome } from './run-outcome.ts';

/** Who runs the thread: the name others see in THREAD_BUSY, and whether to take the thread over from the command's own hold. */
/**
 * How the run holds the thread: a lease the command took before it read the
 * thread (the run adopts it), or, for a new thread, a claim of its own.
 */
export type LeaseChoice = { lease: LeaseKeeper } | { holder: string };

/** What to do: start a run (`weft run`) or continue a checkpoint (`weft resume`). */
export type TargetRequest = LeaseChoice &
  (
    | { mode: 'run'; threadId: string; input: RunInput; sessionValues: Record<string, unknown> }
    | {
        mode: 'resume';
        threadId: string;
        checkpointId: string;
        values: Record<string, unknown> | undefined;
        /** Set in the session before an agent continues (a value its instruction was missing). */
        sessionValues: Record<string, unknown>;
        /** `--checkpoint` named it: continue from it even if the thread went on from it (a new branch). */
        fork: boolean;
      }
  );

/** An agent takes a query or a list of messages; a graph takes any value (a query is a string input). */
export type RunInput = { query: string } | { messages: Message[] } | { value: unknown };

export interface ExecuteOptions {
  loaded: LoadedModule;
  store: CheckpointStore;
  request: TargetRequest;
  /** Saved in every checkpoint: `weft.module` and `weft.export` let later commands load the module again. */
  context: Record<string, unknown>;
  record: string | undefined;
  streaming: boolean;
  sink: EventSink;
  /** Stops the run as Ctrl-C does: nobody reads its output any more (CliIo.outputClosed). */
  stop?: AbortSignal | undefined;
}

/**
 * Runs or resumes the module's agent (through a Runner on the store) or graph
 * (on the store, see commandTarget) as toRunTarget readies it, sends each
 * event to the sink as it arrives, and resolves once the run is over. Ctrl-C (or `stop`) aborts the run: its last
 * checkpoint stays, and `weft resume` continues from there.
 */
export async function executeTarget(options: ExecuteOptions): Promise<RunOutcome> {
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  options.stop?.addEventListener('abort', onSigint, { once: true });
  if (options.stop?.aborted) abort.abort();
  try {
    const versions = moduleVersions(options.loaded);
    const target = toRunTarget(commandTarget(options.loaded, options.store), {
      store: options.store,
      streaming: options.streaming,
      ...(versions ? { versions } : {}),
    });
    return target.kind === 'agent' ? await executeAgent(target, options, abort.signal) : await executeGraph(target, options, abort.signal);
  } finally {
    process.off('SIGINT', onSigint);
    options.stop?.removeEventListener('abort', onSigint);
    options.sink.finish();
  }
}

/** The options run and resume share: context, signal, run log and the lease. */
function commonOptions(o: ExecuteOptions, signal: AbortSignal) {
  const hold = 'lease' in o.request ? { lease: o.request.lease } : { holder: o.request.holder };
  return { context: o.context, signal, ...hold, ...(o.record ? { record: o.record } : {}) };
}

async function executeAgent(target: AgentRunTarget, o: ExecuteOptions, signal: AbortSignal): Promise<RunOutcome> {
  const common = commonOptions(o, signal);
  const req = o.request;
  let run: AgentRun<unknown>;
  if (req.mode === 'resume') {
    const session = Object.keys(req.sessionValues).length ? { sessionValues: req.sessionValues } : {};
    run = target.resume(req.threadId, req.checkpointId, {
      ...common,
      ...session,
      ...(req.values ? { resume: req.values } : {}),
      ...(req.fork ? { fork: true } : {}),
    });
  } else {
    const runOptions = { ...common, threadId: req.threadId, sessionValues: req.sessionValues };
    const input = req.input;
    run = target.start('messages' in input ? input.messages : 'query' in input ? input.query : String(input.value), runOptions);
  }
  run.subscribe({ next: (e) => o.sink.agent(e), error: () => {} });
  return agentOutcome(await run, req.threadId);
}

async function executeGraph(target: GraphRunTarget, o: ExecuteOptions, signal: AbortSignal): Promise<RunOutcome> {
  const common = commonOptions(o, signal);
  const req = o.request;
  const run: Run =
    req.mode === 'resume'
      ? target.resume({
          ...common,
          threadId: req.threadId,
          checkpointId: req.checkpointId,
          ...(req.values ? { resume: req.values } : {}),
          ...(req.fork ? { fork: true } : {}),
        })
      : target.start(graphInput(req.input), { ...common, threadId: req.threadId });
  run.subscribe({ next: (e) => o.sink.graph(e), error: () => {} });
  return graphOutcome(await run, req.threadId);
}

/** What a graph is given: the query as a string, the JSON value, or the messages. */
export const graphInput = (input: RunInput): unknown => ('query' in input ? input.query : 'value' in input ? input.value : input.messages);

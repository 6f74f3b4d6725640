import { toRunTarget, type Agent, type AgentGraphVersions, type AgentRunTarget, type GraphRunTarget } from '@weft/agents';
import type { AnyCompiledGraph, CheckpointStore, Instrumentation, LeaseKeeper } from '@weft/graph';
import { StudioError } from '../errors.ts';
import type { ResultLike } from './end-data.ts';
import type { RunInput, RunRequest } from './run-request.ts';

/** What every launch gets: the lease the runner took and the context saved with the thread. */
export interface LaunchOptions {
  lease: LeaseKeeper;
  context: Record<string, unknown>;
  /** The runner stopped the thread's run to take the lease for a 'rollback' request: the run starts where that one started. */
  rollback?: boolean;
}

/** A finished run as the runner reports it: the result's fields and the output to show. */
export type Finished = ResultLike & { output: unknown };

/** Runs a request on the target in this process; rejects when the library refuses it before it starts. */
export type Launch = (request: RunRequest, options: LaunchOptions) => Promise<Finished>;

/** Where a target's runs go: an agent through a Runner on the store, a graph on the store (see toRunTarget). */
export interface LocalTarget {
  kind: 'agent' | 'graph';
  /** What people call it: an agent's own name (its graph is named `agents:<name>`), or the graph's. */
  name: string;
  graph: AnyCompiledGraph;
  launch: Launch;
}

/**
 * The launch for an agent or a compiled graph, on the store, observed by the
 * given instrumentation. Refuses (toRunTarget) what is neither, and a graph
 * compiled with another store: the studio shows the threads of its own.
 * `streaming`: an agent's model calls stream their answers (chunk events);
 * `versions`: an agent's graph version (its Runner's `versions`).
 */
export function localTarget(
  target: Agent | AnyCompiledGraph,
  store: CheckpointStore,
  instrument: Instrumentation,
  streaming = false,
  versions?: AgentGraphVersions,
): LocalTarget {
  const ready = toRunTarget(target, {
    store,
    instrumentation: [instrument],
    caller: 'createStudio()',
    streaming,
    ...(versions === undefined ? {} : { versions }),
  });
  if (ready.kind === 'graph')
    return { kind: 'graph', name: ready.graph.name, graph: ready.graph, launch: (req, o) => launchGraph(ready, instrument, req, o) };
  return { kind: 'agent', name: ready.agent.name, graph: ready.graph, launch: (req, o) => launchAgent(ready, instrument, store, req, o) };
}

async function launchGraph(target: GraphRunTarget, instrument: Instrumentation, req: RunRequest, o: LaunchOptions): Promise<Finished> {
  const common = { threadId: req.threadId, lease: o.lease, instrumentation: [instrument] };
  if (req.mode === 'run') {
    const input = 'value' in req.input ? req.input.value : 'query' in req.input ? req.input.query : req.input.messages;
    const res = await target.start(input, { ...common, context: o.context, ...rollbackOf(o) });
    return { ...res, output: res.output };
  }
  const res = await target.resume({ ...common, ...resumeFields(req), contextUpdate: o.context });
  return { ...res, output: res.output };
}

async function launchAgent(
  target: AgentRunTarget,
  instrument: Instrumentation,
  store: CheckpointStore,
  req: RunRequest,
  o: LaunchOptions,
): Promise<Finished> {
  const common = { threadId: req.threadId, lease: o.lease, context: o.context };
  if (req.mode === 'run') {
    const options = { ...common, sessionValues: req.sessionValues, ...rollbackOf(o) };
    const res = await ('messages' in req.input ? target.start(req.input.messages, options) : target.start(queryOf(req.input), options));
    return { ...res, output: res.status === 'done' ? { finalMessage: res.finalMessage, finalOutput: res.finalOutput } : undefined };
  }
  if (req.mode === 'fork') {
    // Time travel reaches below the Runner: goto, input and a state edit are the graph's own resume options.
    const res = await target.graph.resume({
      threadId: req.threadId,
      lease: o.lease,
      instrumentation: [instrument],
      contextUpdate: o.context,
      ...resumeFields(req),
    });
    return { ...res, output: res.output };
  }
  const checkpointId = req.checkpointId ?? (await store.get(req.threadId))?.id;
  if (checkpointId === undefined)
    throw new StudioError('NOT_FOUND', `thread "${req.threadId}" has no checkpoints`, { details: { threadId: req.threadId } });
  const session = Object.keys(req.sessionValues).length > 0 ? { sessionValues: req.sessionValues } : {};
  const res = await target.resume(req.threadId, checkpointId, {
    lease: o.lease,
    context: o.context,
    ...session,
    ...(req.resume ? { resume: req.resume } : {}),
  });
  return { ...res, output: res.status === 'done' ? { finalMessage: res.finalMessage, finalOutput: res.finalOutput } : undefined };
}

/** A run's option for a 'rollback' request that stopped a run. */
const rollbackOf = (o: LaunchOptions) => (o.rollback ? { multitask: 'rollback' as const } : {});

function queryOf(input: RunInput): string {
  if ('query' in input) return input.query;
  if ('value' in input && typeof input.value === 'string') return input.value;
  throw new StudioError('BAD_REQUEST', 'an agent takes { query: string } or { messages: [...] } as its input');
}

/** resume()'s fields for a resume or a fork request. */
function resumeFields(req: Exclude<RunRequest, { mode: 'run' }>) {
  const common = {
    ...(req.checkpointId !== undefined ? { checkpointId: req.checkpointId } : {}),
    ...(req.resume !== undefined ? { resume: req.resume } : {}),
  };
  if (req.mode === 'resume') return common;
  const update = req.update;
  return {
    ...common,
    fork: true,
    ...(req.goto !== undefined ? { goto: req.goto, input: req.input } : {}),
    // A fork's update merges into the state object (the API documents state as an object); the graph's state type is not known here.
    ...(update !== undefined ? { update: (draft: unknown) => void Object.assign(draft as Record<string, unknown>, update) } : {}),
  };
}

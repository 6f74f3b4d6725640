import { checkpointHandle, Runner, type Agent } from '@weft/agents';
import type { CheckpointStore, CompiledGraph, Instrumentation, LeaseKeeper } from '@weft/graph';
import { StudioError } from '../errors.ts';
import type { ResultLike } from './end-data.ts';
import type { RunInput, RunRequest } from './run-request.ts';

/** What every launch gets: the lease the runner took and the context saved with the thread. */
export interface LaunchOptions {
  lease: LeaseKeeper;
  context: Record<string, unknown>;
}

/** A finished run as the runner reports it: the result's fields and the output to show. */
export type Finished = ResultLike & { output: unknown };

/** Runs a request on the target in this process; rejects when the library refuses it before it starts. */
export type Launch = (request: RunRequest, options: LaunchOptions) => Promise<Finished>;

/** Where a target's runs go: an agent through a Runner on the store, a graph through `withStore`. */
export interface LocalTarget {
  kind: 'agent' | 'graph';
  graph: CompiledGraph<any, any, any, any>;
  launch: Launch;
}

/** The launch for an agent or a compiled graph, on the store, observed by the given instrumentation. */
export function localTarget(
  target: Agent | CompiledGraph<any, any, any, any>,
  store: CheckpointStore,
  instrument: Instrumentation,
): LocalTarget {
  if (isCompiledGraph(target)) {
    const compiled = target.withStore(store);
    return { kind: 'graph', graph: compiled, launch: (req, o) => launchGraph(compiled, instrument, req, o) };
  }
  const runner = new Runner({ agent: target, store, instrumentation: [instrument] });
  return { kind: 'agent', graph: runner.graph, launch: (req, o) => launchAgent(runner, instrument, store, req, o) };
}

export function isCompiledGraph(target: unknown): target is CompiledGraph<any, any, any, any> {
  const t = target as Record<string, unknown> | null;
  return t !== null && typeof t === 'object' && ['run', 'resume', 'withStore'].every((m) => typeof t[m] === 'function');
}

async function launchGraph(
  compiled: CompiledGraph<any, any, any, any>,
  instrument: Instrumentation,
  req: RunRequest,
  o: LaunchOptions,
): Promise<Finished> {
  const common = { threadId: req.threadId, lease: o.lease, instrumentation: [instrument] };
  if (req.mode === 'run') {
    const input = 'value' in req.input ? req.input.value : 'query' in req.input ? req.input.query : req.input.messages;
    const res = await compiled.run(input, { ...common, context: o.context });
    return { ...res, output: res.output };
  }
  const res = await compiled.resume({ ...common, ...resumeFields(req), contextUpdate: o.context });
  return { ...res, output: res.output };
}

async function launchAgent(
  runner: Runner,
  instrument: Instrumentation,
  store: CheckpointStore,
  req: RunRequest,
  o: LaunchOptions,
): Promise<Finished> {
  const common = { threadId: req.threadId, lease: o.lease, context: o.context };
  if (req.mode === 'run') {
    const options = { ...common, sessionValues: req.sessionValues };
    const res = await ('messages' in req.input ? runner.run(req.input.messages, options) : runner.query(queryOf(req.input), options));
    return { ...res, output: res.status === 'done' ? { finalMessage: res.finalMessage, finalOutput: res.finalOutput } : undefined };
  }
  if (req.mode === 'fork') {
    // Time travel reaches below the Runner: goto, input and a state edit are the graph's own resume options.
    const res = await runner.graph.resume({
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
  const res = await runner.resume(checkpointHandle(req.threadId, checkpointId), {
    lease: o.lease,
    context: o.context,
    ...session,
    ...(req.resume ? { resume: req.resume } : {}),
  });
  return { ...res, output: res.status === 'done' ? { finalMessage: res.finalMessage, finalOutput: res.finalOutput } : undefined };
}

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
    ...(update !== undefined ? { update: (draft: Record<string, unknown>) => void Object.assign(draft, update) } : {}),
  };
}

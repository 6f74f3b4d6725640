import { checkpointHandle, Runner, type Agent } from '@weft/agents';
import {
  MemoryStore,
  isStandardSchema,
  jsonSchemaOf,
  type CheckpointStore,
  type CompiledGraph,
  type InterruptRecord,
  type WeftErrorJSON,
} from '@weft/graph';
import { toolOutput, type ToolOutput } from './tool-output.ts';

/** How one run of the served target ended, in the terms the MCP tool answers with. */
export type ServedOutcome =
  | { status: 'done'; output: unknown }
  | { status: 'interrupted'; interrupts: readonly InterruptRecord[]; resume: (values: Record<string, unknown>) => Promise<ServedOutcome> }
  | { status: 'error'; error: { code: string; message: string } };

/** A target as an MCP tool: its name, description, JSON Schemas, and how to run it on a fresh thread. */
export interface ServedTarget {
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  /** The result's schema, when the target's output has one. */
  output: ToolOutput | undefined;
  run(args: Record<string, unknown>, signal: AbortSignal): Promise<ServedOutcome>;
}

const isAgent = (t: Agent | CompiledGraph<any, any, any, any>): t is Agent => typeof (t as { kind?: unknown }).kind === 'string';

/**
 * An agent takes `{ query }`; a graph takes its input schema's object as the
 * arguments when it has one of `type: 'object'`, else `{ input }`. Each call
 * runs on a thread of its own in `store` (in memory by default), so an
 * interrupt can be answered and the run resumed within the call.
 */
export function servedTarget(
  target: Agent | CompiledGraph<any, any, any, any>,
  store: CheckpointStore = new MemoryStore(),
  session: Record<string, unknown> = {},
): ServedTarget {
  if (isAgent(target)) {
    const runner = new Runner({ agent: target, store });
    const follow = async (run: ReturnType<Runner['query']>): Promise<ServedOutcome> => {
      const r = await run;
      if (r.status === 'done') return { status: 'done', output: r.finalOutput };
      if (r.status === 'error') return { status: 'error', error: errorOf(r.error) };
      const threadId = r.threadId!;
      // From the thread's latest checkpoint: a refused answer may have written one after the interrupted run's.
      const resume = async (values: Record<string, unknown>) =>
        follow(runner.resume(checkpointHandle(threadId, (await store.get(threadId))!.id), { resume: values }));
      return { status: 'interrupted', interrupts: r.interrupts, resume };
    };
    return {
      name: target.name,
      description: target.description || `the agent ${target.name}`,
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: `What to ask ${target.name}` } },
        required: ['query'],
      },
      output: toolOutput(agentOutputSchema(target)),
      run: (args, signal) => follow(runner.query(String(args['query']), { threadId: newThread(), signal, sessionValues: session })),
    };
  }
  const graph = target.withStore(store);
  const input = target.toJSON().input;
  const whole = input !== undefined && input['type'] === 'object';
  const follow = async (run: ReturnType<typeof graph.run>, threadId: string, signal: AbortSignal): Promise<ServedOutcome> => {
    const r = await run;
    if (r.status === 'done') return { status: 'done', output: r.output };
    if (r.status === 'error') return { status: 'error', error: errorOf(r.error) };
    return {
      status: 'interrupted',
      interrupts: r.interrupts,
      resume: (values) => follow(graph.resume({ threadId, resume: values, signal }), threadId, signal),
    };
  };
  return {
    name: target.name,
    description: `Runs the graph ${target.name}`,
    inputSchema: whole
      ? (input as ServedTarget['inputSchema'])
      : { type: 'object', properties: { input: input ?? { description: `The input of ${target.name}` } }, required: ['input'] },
    output: toolOutput(target.toJSON().output),
    run: (args, signal) => {
      const threadId = newThread();
      return follow(graph.run(whole ? args : args['input'], { threadId, signal }), threadId, signal);
    },
  };
}

/**
 * The JSON Schema of an agent's final output: a ChatModelAgent's
 * outputSchema (a Standard Schema's output side: the value after its
 * defaults and transforms), when its own answer ends every run. With
 * sub-agents or a handoff, another agent may answer last, so none is declared.
 */
function agentOutputSchema(agent: Agent): Record<string, unknown> | undefined {
  if (agent.kind !== 'chat-model' || agent.outputSchema === undefined) return undefined;
  if (agent.subAgents?.length || agent.handoff !== undefined) return undefined;
  const schema = agent.outputSchema;
  return isStandardSchema(schema) ? jsonSchemaOf(schema, 'output', `chatModelAgent "${agent.name}"`) : schema;
}

function errorOf(err: unknown): { code: string; message: string } {
  const e = err as Partial<WeftErrorJSON> | undefined;
  return { code: typeof e?.code === 'string' ? e.code : 'ERROR', message: typeof e?.message === 'string' ? e.message : String(err) };
}

const newThread = (): string => `mcp-${crypto.randomUUID()}`;

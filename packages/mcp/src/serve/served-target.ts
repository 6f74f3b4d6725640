import { toRunTarget, type Agent, type AgentGraphVersions, type AgentRunTarget, type ContentPart, type GraphRunTarget } from '@weft/agents';
import {
  MemoryStore,
  isStandardSchema,
  jsonSchemaOf,
  type AnyCompiledGraph,
  type CheckpointStore,
  type InterruptRecord,
  type WeftErrorJSON,
} from '@weft/graph';
import { outputParts } from './output-parts.ts';
import { toolOutput, type ToolOutput } from './tool-output.ts';

/** How one run of the served target ended, in the terms the MCP tool answers with. */
export type ServedOutcome =
  /** `parts`: the answer's content parts, when it has them (an agent's final message, a graph's output of parts). */
  | { status: 'done'; output: unknown; parts?: ContentPart[] }
  | { status: 'interrupted'; interrupts: readonly InterruptRecord[]; resume: (values: Record<string, unknown>) => Promise<ServedOutcome> }
  | { status: 'error'; error: { code: string; message: string } };

/** A target as an MCP tool: its name, description, JSON Schemas, and how to run it on a fresh thread. */
export interface ServedTarget {
  /** An agent takes `{ query }`; a graph its input. */
  kind: 'agent' | 'graph';
  name: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  /** The result's schema, when the target's output has one. */
  output: ToolOutput | undefined;
  run(args: Record<string, unknown>, signal: AbortSignal): Promise<ServedOutcome>;
}

/**
 * An agent takes `{ query }`; a graph takes its input schema's object as the
 * arguments when it has one of `type: 'object'`, else `{ input }`. Each call
 * runs on a thread of its own in `store` (the graph's own store when it was
 * compiled with one, else in memory), so an interrupt can be answered and
 * the run resumed within the call. An agent runs at `versions` (its
 * Runner's), when given.
 */
export function servedTarget(
  target: Agent | AnyCompiledGraph,
  store?: CheckpointStore,
  session: Record<string, unknown> = {},
  versions?: AgentGraphVersions,
): ServedTarget {
  const ready = toRunTarget(target, {
    store,
    fallbackStore: () => new MemoryStore(),
    caller: 'createMcpServer()',
    ...(versions === undefined ? {} : { versions }),
  });
  return ready.kind === 'agent' ? servedAgent(ready, session) : servedGraph(ready);
}

function servedAgent(target: AgentRunTarget, session: Record<string, unknown>): ServedTarget {
  const { agent, store } = target;
  const follow = async (run: ReturnType<AgentRunTarget['start']>): Promise<ServedOutcome> => {
    const r = await run;
    if (r.status === 'done') {
      const { content } = r.finalMessage;
      return { status: 'done', output: r.finalOutput, ...(typeof content === 'string' ? {} : { parts: content }) };
    }
    if (r.status === 'error') return { status: 'error', error: errorOf(r.error) };
    const threadId = r.threadId!;
    // From the thread's latest checkpoint: a refused answer may have written one after the interrupted run's.
    const resume = async (values: Record<string, unknown>) =>
      follow(target.resume(threadId, (await store!.get(threadId))!.id, { resume: values }));
    return { status: 'interrupted', interrupts: r.interrupts, resume };
  };
  return {
    kind: 'agent',
    name: target.name,
    description: agent.description || `the agent ${target.name}`,
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: `What to ask ${target.name}` } },
      required: ['query'],
    },
    output: toolOutput(agentOutputSchema(agent)),
    run: (args, signal) => follow(target.start(String(args['query']), { threadId: newThread(), signal, sessionValues: session })),
  };
}

function servedGraph(target: GraphRunTarget): ServedTarget {
  const input = target.graph.toJSON().input;
  const whole = input !== undefined && input['type'] === 'object';
  const follow = async (run: ReturnType<GraphRunTarget['start']>, threadId: string, signal: AbortSignal): Promise<ServedOutcome> => {
    const r = await run;
    if (r.status === 'done') {
      const parts = outputParts(r.output);
      return { status: 'done', output: r.output, ...(parts ? { parts } : {}) };
    }
    if (r.status === 'error') return { status: 'error', error: errorOf(r.error) };
    return {
      status: 'interrupted',
      interrupts: r.interrupts,
      resume: (values) => follow(target.resume({ threadId, resume: values, signal }), threadId, signal),
    };
  };
  return {
    kind: 'graph',
    name: target.name,
    description: `Runs the graph ${target.name}`,
    inputSchema: whole
      ? (input as ServedTarget['inputSchema'])
      : { type: 'object', properties: { input: input ?? { description: `The input of ${target.name}` } }, required: ['input'] },
    output: toolOutput(target.graph.toJSON().output),
    run: (args, signal) => {
      const threadId = newThread();
      return follow(target.start(whole ? args : args['input'], { threadId, signal }), threadId, signal);
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

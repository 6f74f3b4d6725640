import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Agent, AgentGraphVersions } from '@weft/agents';
import type { AnyCompiledGraph, CheckpointStore } from '@weft/graph';
import { McpError } from '../errors.ts';
import { contentBlocks } from './content-blocks.ts';
import { elicitationFor } from './elicitation-for.ts';
import type { McpServer } from './mcp-server.ts';
import { checkServedVersions } from './check-served-versions.ts';
import { servedTarget, type ServedOutcome, type ServedTarget } from './served-target.ts';
import { toolResult } from './tool-output.ts';

/** How a Weft target is served as an MCP tool. */
export interface McpServeOptions {
  /** The tool's name (default: the agent's or graph's name, made a valid tool name). */
  toolName?: string;
  /**
   * Where runs keep their checkpoints (default: a graph's own store when it was
   * compiled with one, else in memory, for the life of the server). A graph
   * compiled with another store is refused (RUN_TARGET_STORE).
   */
  store?: CheckpointStore;
  /** An agent's session values for every run (instruction placeholders, tools). */
  sessionValues?: Record<string, unknown>;
  /**
   * An agent's graph version, as `new Runner({ versions })` takes it: its
   * label, migrations, mismatch policy and behaviour patches. The calls'
   * threads are written with the label. A compiled graph carries its own
   * (`compile({ version, migrations })`): versions given with one are
   * refused (INVALID_ARGUMENT).
   */
  versions?: AgentGraphVersions;
  /** How the server names itself (default `weft`). */
  serverName?: string;
}

/** How many questions one call asks through elicitation before it gives up (a run that keeps asking, an answer refused again and again). */
const MAX_QUESTIONS = 20;

/**
 * An MCP server (the SDK's) with one tool that runs `target`. A run that
 * stops at an interrupt asks the client through elicitation, one interrupt
 * at a time, and resumes with the answer; a client that cannot elicit gets a
 * tool error that says which interrupt the run waits on. Connect it to any
 * transport (`server.connect(transport)`), or use `serveMcp`.
 */
export function createMcpServer(target: Agent | AnyCompiledGraph, options: McpServeOptions = {}): McpServer {
  checkServedVersions('createMcpServer()', target, options.versions);
  const served = servedTarget(target, options.store, options.sessionValues, options.versions);
  const name = (options.toolName ?? served.name).replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  if (!name) throw new McpError('INVALID_ARGUMENT', 'createMcpServer(): the tool needs a name (toolName)');
  const server = new Server({ name: options.serverName ?? 'weft', version: '0.1.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      {
        name,
        description: served.description,
        inputSchema: served.inputSchema,
        ...(served.output ? { outputSchema: served.output.schema } : {}),
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    if (request.params.name !== name) return failure(`there is no tool "${request.params.name}"; this server has "${name}"`);
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (served.kind === 'agent' && typeof args['query'] !== 'string')
      return failure('the arguments need "query", the text to ask the agent');
    try {
      return await answerCall(server, served, { name, args }, extra.signal);
    } catch (err) {
      // A run that rejects (arguments its input schema refuses, a resume value refused): the client's tool error.
      const e = err as { code?: unknown; message?: unknown };
      return failure(`${typeof e.code === 'string' ? `${e.code}: ` : ''}${typeof e.message === 'string' ? e.message : String(err)}`);
    }
  });
  return server;
}

/**
 * Runs the target for one call, asking the client for each interrupt on the
 * way, and turns the end into the tool's result: an answer with images, audio
 * or files as their content blocks, unless the tool declares structured
 * output (then the value, as declared).
 */
async function answerCall(
  server: Server,
  served: ServedTarget,
  { name, args }: { name: string; args: Record<string, unknown> },
  signal: AbortSignal,
): Promise<CallToolResult> {
  let outcome: ServedOutcome = await served.run(args, signal);
  let refused: string | undefined;
  for (let asked = 0; outcome.status === 'interrupted'; asked++) {
    const [first] = outcome.interrupts;
    if (!first) return failure('the run stopped at an interrupt without a record');
    if (!server.getClientCapabilities()?.elicitation)
      return failure(
        `the run stopped at interrupt ${first.id} (${JSON.stringify(first.info)}), and this client cannot answer it: it did not declare the elicitation capability. Use a client that supports elicitation, or run the target with the weft command to answer interrupts.`,
      );
    if (asked >= MAX_QUESTIONS)
      return failure(refused ?? `the run asked ${MAX_QUESTIONS} questions in one call; stopped at interrupt ${first.id}`);
    const form = elicitationFor(first);
    const message = refused === undefined ? form.message : `${REFUSED_PREFIX}${refused}\n\n${form.message}`;
    const answer = await server.elicitInput({ message, requestedSchema: form.requestedSchema }, { signal });
    if (answer.action !== 'accept')
      return failure(`the user did not answer interrupt ${first.id} (${answer.action}); the run stopped there`);
    const next = await resumeOrRefusal(outcome, { [first.id]: form.toValue((answer.content ?? {}) as Record<string, unknown>) });
    // A value the interrupt's resume schema refuses leaves the run waiting at the same interrupt: ask again, saying why.
    refused = 'refused' in next ? `${next.refused.code}: ${next.refused.message}` : undefined;
    if ('outcome' in next) outcome = next.outcome;
  }
  if (outcome.status === 'error') return failure(`${outcome.error.code}: ${outcome.error.message}`);
  const blocks = served.output ? undefined : contentBlocks(outcome.parts, `weft:${name}/output`);
  return blocks ? { content: blocks } : toolResult(outcome.output, served.output);
}

/** What the next question starts with after an answer the run refused. */
const REFUSED_PREFIX = 'The last answer was refused: ';

/**
 * Resumes with the answer: the next outcome, or the refusal of a value the
 * interrupt's resume schema does not accept (RESUME_INVALID, whether the run
 * refused it before starting or in the node), after which the run still
 * waits at the same interrupt.
 */
async function resumeOrRefusal(
  waiting: Extract<ServedOutcome, { status: 'interrupted' }>,
  values: Record<string, unknown>,
): Promise<{ outcome: ServedOutcome } | { refused: { code: string; message: string } }> {
  try {
    const outcome = await waiting.resume(values);
    return outcome.status === 'error' && outcome.error.code === 'RESUME_INVALID' ? { refused: outcome.error } : { outcome };
  } catch (err) {
    const e = err as { code?: unknown; message?: unknown };
    if (e.code === 'RESUME_INVALID') return { refused: { code: e.code, message: String(e.message) } };
    throw err;
  }
}

const failure = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

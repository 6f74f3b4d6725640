import { TaskState, type AgentCard, type Part } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';
import {
  assistantMessage,
  defineAgent,
  emitAgentEvent,
  recordEvents,
  textOf,
  visibleEvents,
  type Agent,
  type AgentCompiler,
  type AgentRunState,
  type AgentScope,
} from '@weft/agents';
import { interrupt, type NodeContext } from '@weft/graph';
import { A2aError } from '../errors.ts';
import { dataPart, textPart } from '../serve/task-events.ts';
import { remoteExchange, type RemoteOutcome } from './remote-exchange.ts';

/** Where the remote agent is, and what every request to it carries. */
export interface A2aAgentOptions {
  /** The agent's name in this tree (default: the card's name, made a valid agent name). */
  name?: string;
  /** What other agents read about it (default: the card's description). */
  description?: string;
  /** The remote agent's base URL (its card at `<url>/.well-known/agent-card.json`); or give its `card`. */
  url?: string;
  card?: AgentCard;
  /** Headers for every request (`Authorization: Bearer …`). */
  headers?: Record<string, string>;
}

/** A remote task waiting for input, as it travels to the node that asks: kept in the checkpoint with the frontier. */
interface Waiting {
  /** What the remote waits for: an answer (`input-required`), or credentials (`auth-required`). */
  state: 'input-required' | 'auth-required';
  taskId: string;
  contextId: string;
  question: string;
  data: unknown[];
}

/**
 * A remote A2A agent as a Weft agent: usable wherever an agent is (a
 * transfer target, inside `sequential` and `parallel`, as an `agentTool`).
 * It sends the conversation's last user message to the remote agent and
 * streams the remote's working text as chunk events; the answer is its
 * message. A remote `input-required` becomes an interrupt of this run with
 * `{ agent, state, taskId, contextId, question, data }`, and so does an
 * `auth-required` (`state` says which: the answer is then the credentials
 * the remote asked for, sent on the task as any answer is; credentials that
 * belong in every request go in `headers`). The remote task's ids travel in the
 * checkpoint (the frontier's input of the asking node), so a resume, in
 * this process or another, sends the value (as a JSON data part) on the
 * same remote task. A remote task that fails, is rejected or cancelled
 * stops the run with A2A_REMOTE_FAILED.
 *
 * @example
 * const billing = await a2aAgent({ url: 'http://127.0.0.1:4100', name: 'Billing' });
 * const desk = withSubAgents(chatModelAgent({ name: 'Desk', … }), [billing]);
 */
export async function a2aAgent(options: A2aAgentOptions): Promise<Agent> {
  const client = await connect(options);
  const card = options.card ?? (await client.getAgentCard());
  const name = options.name ?? agentName(card.name);
  const description = options.description ?? (card.description || `The A2A agent at ${options.url ?? card.name}`);
  return defineAgent({
    kind: 'a2a',
    name,
    description,
    compile(c: AgentCompiler, scope: AgentScope): string {
      const asking = `${name}:input`;
      const annotations = { agent: name, agentPath: scope.agentPath };
      const route = (out: unknown) => (out !== null && typeof out === 'object' && 'taskId' in out ? asking : scope.next);
      c.builder.addNode(
        name,
        async (_input: unknown, ctx: NodeContext<AgentRunState>) => {
          ctx.append(['lanes', scope.lane, 'runPath'], name);
          const runPath = [...ctx.state.lanes[scope.lane]!.runPath, name];
          const said = visibleEvents(ctx.state, scope.lane).findLast((e) => e.message.role === 'user');
          const outcome = await remoteExchange(
            client,
            [textPart(textOf(said?.message.content ?? ''))],
            chunks(ctx, name, runPath),
            undefined,
            ctx.signal,
          );
          return settle(ctx, scope, name, runPath, outcome);
        },
        { kind: 'a2a', address: scope.address.join('/'), annotations },
      );
      c.builder.addNode(
        asking,
        async (waiting: Waiting, ctx: NodeContext<AgentRunState>) => {
          const runPath = ctx.state.lanes[scope.lane]!.runPath.slice();
          const value = interrupt({ agent: name, ...waiting });
          const outcome = await remoteExchange(client, answerParts(value), chunks(ctx, name, runPath), waiting, ctx.signal);
          return settle(ctx, scope, name, runPath, outcome);
        },
        { kind: 'a2a', address: [...scope.address, 'input'].join('/'), annotations },
      );
      c.builder.addBranch(name, route, [asking, scope.next]);
      c.builder.addBranch(asking, route, [asking, scope.next]);
      return name;
    },
  });
}

/** Emits the remote's working text as this agent's chunk events. */
const chunks = (ctx: NodeContext<AgentRunState>, name: string, runPath: string[]) => (text: string) =>
  emitAgentEvent(ctx, { type: 'chunk', agentName: name, runPath, output: { stream: { content: text }, role: 'assistant' } });

/** A finished remote task's answer is this agent's message; a waiting one goes to the asking node; anything else fails. */
function settle(ctx: NodeContext<AgentRunState>, scope: AgentScope, name: string, runPath: string[], r: RemoteOutcome): Waiting | null {
  if (r.state === TaskState.TASK_STATE_INPUT_REQUIRED || r.state === TaskState.TASK_STATE_AUTH_REQUIRED) {
    const state = r.state === TaskState.TASK_STATE_INPUT_REQUIRED ? 'input-required' : 'auth-required';
    return { state, taskId: r.taskId, contextId: r.contextId, question: r.statusText, data: r.statusData };
  }
  if (r.state !== TaskState.TASK_STATE_COMPLETED)
    throw new A2aError(
      'A2A_REMOTE_FAILED',
      `the A2A agent ${name} ended task ${r.taskId} as ${stateName(r.state)}${r.statusText ? `: ${r.statusText}` : ''}`,
      {
        details: { agent: name, taskId: r.taskId, state: stateName(r.state), data: r.statusData },
      },
    );
  const message = assistantMessage(r.answer || r.statusText);
  recordEvents(ctx, scope.lane, { agentName: name, runPath, message });
  emitAgentEvent(ctx, { type: 'message', agentName: name, runPath, output: { message, role: 'assistant' } });
  return null;
}

async function connect(options: A2aAgentOptions): Promise<Client> {
  if ((options.url === undefined) === (options.card === undefined))
    throw new A2aError('INVALID_ARGUMENT', "a2aAgent(): give the remote agent's url or its card (one of them)");
  const headers = options.headers ?? {};
  const fetchImpl: typeof fetch = (input, init) => {
    const merged = new Headers(init?.headers);
    for (const [k, v] of Object.entries(headers)) merged.set(k, v);
    return fetch(input, { ...init, headers: merged });
  };
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
    }),
  );
  try {
    return await (options.card ? factory.createFromAgentCard(options.card) : factory.createFromUrl(options.url!));
  } catch (err) {
    throw new A2aError(
      'A2A_CONNECT_FAILED',
      `a2aAgent(): cannot reach the A2A agent at ${options.url ?? options.card?.name}: ${(err as Error).message}`,
      { cause: err },
    );
  }
}

const stateName = (state: TaskState): string => (TaskState[state] ?? String(state)).replace('TASK_STATE_', '').toLowerCase();
const agentName = (text: string): string =>
  text
    .replace(/[^A-Za-z0-9_ .-]/g, '_')
    .replace(/^[ .]+/, '')
    .slice(0, 64) || 'remote';

/**
 * The answer to a remote input-required as message parts: the value as text
 * (a string as it is, anything else as JSON), which an agent that reads text
 * understands, and as a JSON data part, which keeps its exact value (a Weft
 * agent reads the data part first).
 */
function answerParts(value: unknown): Part[] {
  return [textPart(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))), dataPart(value)];
}

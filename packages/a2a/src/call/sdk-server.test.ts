import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { A2A_PROTOCOL_VERSION, Role, TaskState, type AgentCard, type Message, type Part } from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { chatModelAgent, Runner, sequential, tool } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { a2aAgent } from '../index.ts';

const text = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const textOfParts = (parts: readonly Part[]): string => parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

/**
 * A remote agent written with the SDK alone (no Weft on its side): it asks
 * which order to cancel (input-required), then cancels the order named in the
 * client's next message on the same task. `executions` counts its runs, `cancelled` its side effects.
 */
class CancelDesk implements AgentExecutor {
  readonly executions: string[] = [];
  readonly cancelled: string[] = [];

  /** `asks`: the state its first answer leaves the task in (input-required, or auth-required for a desk that wants a key first). */
  constructor(private readonly asks: TaskState = TaskState.TASK_STATE_INPUT_REQUIRED) {}

  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const said = textOfParts(request.userMessage.parts);
    this.executions.push(said);
    const { taskId, contextId } = request;
    const status = (state: TaskState, reply: string) =>
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: { state, message: this.message(taskId, contextId, reply), timestamp: new Date().toISOString() },
          metadata: undefined,
        }),
      );
    if (!request.task) {
      const submitted = { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() };
      bus.publish(
        AgentEvent.task({ id: taskId, contextId, status: submitted, artifacts: [], history: [request.userMessage], metadata: undefined }),
      );
      status(this.asks, this.asks === TaskState.TASK_STATE_INPUT_REQUIRED ? 'Which order should I cancel?' : 'Your desk key, please.');
    } else {
      bus.publish(AgentEvent.task(request.task));
      this.cancelled.push(said);
      status(TaskState.TASK_STATE_COMPLETED, `Order ${said} is cancelled.`);
    }
    bus.finished();
  };

  /** The tasks a client asked to cancel. */
  readonly cancels: string[] = [];

  cancelTask = async (taskId: string): Promise<void> => void this.cancels.push(taskId);

  message(taskId: string, contextId: string, reply: string): Message {
    return {
      messageId: crypto.randomUUID(),
      taskId,
      contextId,
      role: Role.ROLE_AGENT,
      parts: [text(reply)],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    };
  }
}

const servers: Server[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function serveDesk(desk: CancelDesk): Promise<string> {
  const app = express();
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const card: AgentCard = {
    name: 'CancelDesk',
    description: 'Cancels orders',
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION }],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    skills: [
      {
        id: 'cancel',
        name: 'cancel',
        description: 'Cancels an order',
        tags: [],
        examples: [],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), desk);
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler, legacyCompat: { enabled: true } }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat: { enabled: true } }));
  return url;
}

describe('a2aAgent() against a server written with the SDK alone', () => {
  it("the remote's input-required is the caller's interrupt; the resume is the next message on the same remote task, which acts once", async () => {
    const desk = new CancelDesk();
    const url = await serveDesk(desk);
    const store = new MemoryStore();
    const runner = new Runner({ agent: await a2aAgent({ url }), store });
    const asked = await runner.query('Please cancel an order', { threadId: 't' });
    expect(asked.status).toBe('interrupted');
    expect(asked.interrupts[0]!.info).toEqual({
      agent: 'CancelDesk',
      state: 'input-required',
      taskId: expect.any(String),
      contextId: expect.any(String),
      question: 'Which order should I cancel?',
      data: [],
    });
    expect(desk.executions).toEqual(['Please cancel an order']);
    expect(desk.cancelled).toEqual([]);
    const done = await runner.resume(asked.checkpointId!, { resume: { [asked.interrupts[0]!.id]: 'B7' } });
    expect(done.status).toBe('done');
    expect(done.finalMessage?.content).toBe('Order B7 is cancelled.');
    expect([desk.executions, desk.cancelled]).toEqual([['Please cancel an order', 'B7'], ['B7']]);
  });

  it("the remote's auth-required is an interrupt too, saying so; the credentials answer it on the same remote task", async () => {
    const desk = new CancelDesk(TaskState.TASK_STATE_AUTH_REQUIRED);
    const url = await serveDesk(desk);
    const runner = new Runner({ agent: await a2aAgent({ url }), store: new MemoryStore() });
    const asked = await runner.query('Please cancel an order', { threadId: 'auth' });
    expect(asked.status).toBe('interrupted');
    const info = asked.interrupts[0]!.info as { state: string; question: string; taskId: string };
    expect([info.state, info.question]).toEqual(['auth-required', 'Your desk key, please.']);
    const done = await runner.resume(asked.checkpointId!, { resume: { [asked.interrupts[0]!.id]: 'key-42' } });
    expect(done.finalMessage?.content).toBe('Order key-42 is cancelled.');
    // One remote task: the answer went to the task that asked, once.
    expect(desk.executions).toEqual(['Please cancel an order', 'key-42']);
  });

  it('a run cancelled after the remote answered does not cancel the remote task: only a run cancelled during it does', async () => {
    const desk = new CancelDesk();
    const url = await serveDesk(desk);
    let started!: () => void;
    const later = new Promise<void>((r) => (started = r));
    const wait = tool({
      name: 'wait',
      description: 'Waits until the run is cancelled',
      parameters: { type: 'object', properties: {} },
      execute: async (_args, ctx) => (started(), await new Promise((r) => ctx.signal?.addEventListener('abort', r)), 'ok'),
    });
    const after = chatModelAgent({
      name: 'After',
      description: 'Works after the desk',
      model: scriptedModel([{ toolCalls: [{ name: 'wait', arguments: {} }] }]),
      tools: [wait],
    });
    const flow = sequential({ name: 'Flow', description: 'Desk, then more', subAgents: [await a2aAgent({ url }), after] });
    const runner = new Runner({ agent: flow, store: new MemoryStore() });
    const asked = await runner.query('Please cancel an order', { threadId: 'flow' });
    // What the caller asks the remote, by JSON-RPC method (the SDK refuses to cancel a completed task before the desk hears of it).
    const methods: string[] = [];
    const fetching = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (typeof init?.body === 'string') methods.push((JSON.parse(init.body) as { method: string }).method);
      return fetching(input, init);
    });
    const cancel = new AbortController();
    const run = runner.resume(asked.checkpointId!, { resume: { [asked.interrupts[0]!.id]: 'C3' }, signal: cancel.signal });
    await later;
    cancel.abort();
    expect((await run).error?.code).toBe('RUN_ABORTED');
    // Give a stray cancel the time to be sent: the run's abort listeners ran before the run settled.
    await new Promise((r) => setTimeout(r, 50));
    expect([desk.cancelled, desk.cancels, methods]).toEqual([['C3'], [], ['SendStreamingMessage']]);
  });
});

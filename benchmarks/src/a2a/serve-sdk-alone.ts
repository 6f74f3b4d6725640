import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { A2A_PROTOCOL_VERSION, AGENT_CARD_PATH, Role, TaskState, type AgentCard } from '@a2a-js/sdk';
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryTaskStore,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';
import { ANSWER } from './answer-agent.ts';
import type { Served } from './server-host.ts';
import { textPart } from './sdk-messages.ts';

/**
 * Row (b)'s agent, written with the SDK alone: every message becomes a task
 * (published as submitted) that completes at once with {@link ANSWER} in its
 * status message. No model, no Weft: what is left is the protocol's own cost
 * (JSON-RPC over HTTP, the SDK's request handler, task store and event bus).
 */
class FixedAnswer implements AgentExecutor {
  execute = async (request: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId } = request;
    const now = () => new Date().toISOString();
    const submitted = { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: now() };
    bus.publish(
      AgentEvent.task({ id: taskId, contextId, status: submitted, artifacts: [], history: [request.userMessage], metadata: undefined }),
    );
    const message = {
      messageId: crypto.randomUUID(),
      taskId,
      contextId,
      role: Role.ROLE_AGENT,
      parts: [textPart(ANSWER)],
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    };
    bus.publish(
      AgentEvent.statusUpdate({
        taskId,
        contextId,
        status: { state: TaskState.TASK_STATE_COMPLETED, message, timestamp: now() },
        metadata: undefined,
      }),
    );
    bus.finished();
  };

  cancelTask = async (): Promise<void> => undefined;
}

function cardFor(url: string): AgentCard {
  return {
    name: 'FixedAnswer',
    description: 'Answers every message with one fixed line',
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
        id: 'answer',
        name: 'answer',
        description: 'Answers',
        tags: [],
        examples: [],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
}

/** Serves {@link FixedAnswer} on 127.0.0.1 (any free port), as the SDK's own example servers do: express, the card and JSON-RPC handlers. */
export async function serveSdkAlone(): Promise<Served> {
  const app = express();
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const handler = new DefaultRequestHandler(cardFor(url), new InMemoryTaskStore(), new FixedAnswer());
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler, legacyCompat: { enabled: true } }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat: { enabled: true } }));
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, close };
}

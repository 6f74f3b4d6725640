import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { A2A_VERSION_HEADER, AGENT_CARD_PATH, AgentCard } from '@a2a-js/sdk';
import { DefaultRequestHandler, InMemoryTaskStore, type TaskStore } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import { httpGuard, isLoopback } from '@weft/common';
import { toRunTarget, type Agent } from '@weft/agents';
import { MemoryStore, type AnyCompiledGraph, type CheckpointStore } from '@weft/graph';
import express from 'express';
import { A2aError } from '../errors.ts';
import { agentCardFor, type A2aCardOptions } from './agent-card-for.ts';
import { WeftExecutor } from './weft-executor.ts';

/** How `serveA2A` serves its target. */
export interface A2aServeOptions {
  /** Fields of the agent card over the ones derived from the target (name, description, skills, …). */
  card?: A2aCardOptions;
  /** The port (default 0: any free one). */
  port?: number;
  /** The address to listen on (default 127.0.0.1). Anything but a loopback address needs `token`. */
  host?: string;
  /** A bearer token every request must carry (`Authorization: Bearer <token>`), the agent card's included; without it, 401. */
  token?: string;
  /** Where the threads are kept (default: the graph's own store, else one in memory). */
  store?: CheckpointStore;
  /**
   * Where the A2A tasks are kept: any of the SDK's `TaskStore`s, e.g. the
   * `DatabaseTaskStore` that `databaseTaskStore()` opens on SQLite or
   * PostgreSQL (default: in memory). With it and a durable `store`, a task
   * left input-required is answered by the next server on them.
   */
  taskStore?: TaskStore;
  /** Session values every run of an agent starts with (its instruction's `{company}`, its tools' settings). */
  sessionValues?: Record<string, unknown>;
}

/** A running A2A server: its base URL (the card is at `<url>/.well-known/agent-card.json`), its card, and `close()`. */
export interface ServedA2a {
  url: string;
  card: AgentCard;
  close(): Promise<void>;
}

/**
 * Serves a Weft agent or compiled graph as an A2A agent over JSON-RPC, with
 * the official SDK's request handler: `SendMessage` and
 * `SendStreamingMessage` (A2A 1.0), and `message/send` and `message/stream`
 * (0.3, through the SDK's compatibility layer), tasks, cancel. The agent
 * card is derived from the target (see agentCardFor). A task's context is a
 * Weft thread; an interrupt is `input-required`, answered by the client's
 * next message on the task (see WeftExecutor). With `token`, every request
 * must carry it; an address other than loopback needs one (else
 * TOKEN_REQUIRED); on loopback, a Host header naming another server is
 * refused (403), as `weft serve` and `weft mcp` do. Tasks and threads are in
 * memory unless `taskStore` and `store` keep them elsewhere: on durable
 * ones, a task survives a restart of the server.
 *
 * @example
 * const served = await serveA2A(agent, { port: 4100 });
 * const client = await new ClientFactory().createFromUrl(served.url);
 * const reply = await client.sendMessage({ message: userMessage('Hello') });
 */
export async function serveA2A(target: Agent | AnyCompiledGraph, options: A2aServeOptions = {}): Promise<ServedA2a> {
  const host = options.host ?? '127.0.0.1';
  checkToken(options.token, host);
  let fallback: CheckpointStore | undefined;
  const ready = toRunTarget(target, {
    store: options.store,
    fallbackStore: () => (fallback = new MemoryStore()),
    caller: 'serveA2A()',
    streaming: true,
  });
  const store = ready.store ?? fallback!;
  const app = express();
  const http = await listen(app, options.port ?? 0, host);
  const { address, port } = http.address() as AddressInfo;
  const url = `http://${bracketed(address)}:${port}`;
  const card = agentCardFor(ready, url, options.card, options.token !== undefined);
  const tasks = options.taskStore ?? new InMemoryTaskStore();
  const handler = new DefaultRequestHandler(card, tasks, new WeftExecutor(ready, store, options.sessionValues ?? {}));
  // A loopback server answers to its own names only; elsewhere the names people use are not known, and the token guards it.
  const hosts = isLoopback(host) ? [...new Set(['localhost', bracketed(address), bracketed(host)])].map((n) => `${n}:${port}`) : undefined;
  const guard = httpGuard({
    token: options.token,
    hosts,
    url,
    server: 'A2A',
    tokenFrom: "serveA2A()'s token option; weft a2a --token or WEFT_A2A_TOKEN",
  });
  app.use((req, res, next) => (guard(req, res) ? next() : undefined));
  // The SDK's handler sends its in-memory form (JSON.stringify), whose oneofs (a security scheme) are not A2A 1.0's
  // JSON: 1.0 clients get the card through the SDK's own codec; 0.3 clients (no version header) its compatibility layer.
  const wire = JSON.stringify(AgentCard.toJSON(card));
  app.get(`/${AGENT_CARD_PATH}`, (req, res, next) =>
    /^\s*[1-9]/.test(req.get(A2A_VERSION_HEADER) ?? '') ? void res.type('application/json').send(wire) : next(),
  );
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler, legacyCompat: { enabled: true } }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication, legacyCompat: { enabled: true } }));
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    }));
  return { url, card, close };
}

function listen(app: express.Express, port: number, host: string): Promise<HttpServer> {
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new A2aError('INVALID_ARGUMENT', `serveA2A(): port must be an integer from 0 to 65535, got ${String(port)}`);
  return new Promise((resolve, reject) => {
    const http = app.listen(port, host);
    http.once('error', reject);
    http.once('listening', () => resolve(http));
  });
}

function checkToken(token: string | undefined, host: string): void {
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token))
    throw new A2aError(
      'INVALID_ARGUMENT',
      'serveA2A(): the token must be printable ASCII without spaces (it goes in a header), e.g. a random hex string',
    );
  if (token === undefined && !isLoopback(host))
    throw new A2aError(
      'TOKEN_REQUIRED',
      `serveA2A(): listening on ${host}, an address other machines may reach, needs a token: pass { token } (weft a2a: --token or WEFT_A2A_TOKEN), and clients send "Authorization: Bearer <token>"; or listen on 127.0.0.1`,
    );
}

const bracketed = (host: string): string => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

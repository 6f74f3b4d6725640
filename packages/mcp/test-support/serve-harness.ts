import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { END, START, graph, interrupt } from '@weft/graph';
import { z } from 'zod';
import type { ServedMcp } from '../src/index.ts';

/** An expense is paid; over 100 it needs an approval first (an interrupt without a resume schema). */
export const expense = () =>
  graph({ name: 'expense', input: z.object({ who: z.string(), amount: z.number() }) })
    .addNode('approve', (e: { who: string; amount: number }) => {
      if (e.amount <= 100) return e;
      const decision = interrupt<{ approved: boolean }>({ question: `Approve ${e.amount} for ${e.who}?` });
      return decision.approved ? e : { ...e, amount: 0 };
    })
    .addNode('pay', (e: { who: string; amount: number }) => `paid ${e.amount} to ${e.who}`)
    .addEdge(START, 'approve')
    .addEdge('approve', 'pay')
    .addEdge('pay', END)
    .compile();

/** What a test answers an elicitation with. */
export type Answer = (req: ElicitRequest['params']) => { action: 'accept' | 'decline'; content?: Record<string, unknown> };

/** Servers and clients a test opened, closed by `closeAll()` (clients first) after each test. */
const served: ServedMcp[] = [];
const clients: Client[] = [];

export function track(server: ServedMcp): ServedMcp {
  served.push(server);
  return server;
}

export async function closeAll(): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(served.splice(0).map((s) => s.close()));
}

/**
 * An SDK client on the served URL, sending `headers` with every request; with
 * `answer`, it declares elicitation and answers each request with it (recording them).
 */
export async function clientOf(url: string, answer?: Answer, headers?: Record<string, string>) {
  const asked: ElicitRequest['params'][] = [];
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: answer ? { elicitation: {} } : {} });
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, (req) => {
      asked.push(req.params);
      return answer(req.params);
    });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), headers ? { requestInit: { headers } } : undefined));
  clients.push(client);
  return { client, asked };
}

/** The MCP `initialize` request, as a client's first POST carries it. */
export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
};

/** A raw HTTP answer: the status, the headers and the body. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * POSTs `initialize` to `url` with node:http (which, unlike fetch, sends the
 * Host header it is given): the status, the headers and the body.
 */
export function postInitialize(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return post(url, INITIALIZE, headers);
}

/** POSTs one JSON-RPC message to `url` as an MCP client would (JSON in, JSON or SSE accepted). */
export function post(url: string, message: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    req.once('error', reject);
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.end(JSON.stringify(message));
  });
}

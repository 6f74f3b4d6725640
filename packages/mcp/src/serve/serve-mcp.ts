import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Agent } from '@weft/agents';
import type { CompiledGraph } from '@weft/graph';
import { McpError } from '../errors.ts';
import { createMcpServer, type McpServeOptions } from './create-mcp-server.ts';

/** Where `serveMcp` listens: stdin/stdout, or Streamable HTTP on a port (0: any free one) at `path`. */
export type McpServeTransport = { transport: 'stdio' } | { transport: 'http'; port?: number; host?: string; path?: string };

/** A running server: its URL (HTTP), `close()`, and `closed` (stdio: the client closed stdin, or `close()` was called). */
export interface ServedMcp {
  url: string | undefined;
  close(): Promise<void>;
  closed: Promise<void>;
}

/**
 * Serves a Weft agent or compiled graph as an MCP server with one tool. Over
 * stdio it answers on this process's stdin and stdout (print nothing else to
 * stdout). Over HTTP it speaks Streamable HTTP with sessions on `host`
 * (default 127.0.0.1) and `path` (default `/mcp`); each session gets a
 * server of its own over the same target and store.
 */
export async function serveMcp(
  target: Agent | CompiledGraph<any, any, any, any>,
  options: McpServeOptions & McpServeTransport,
): Promise<ServedMcp> {
  if (options.transport === 'stdio') {
    const server = createMcpServer(target, options);
    const closed = new Promise<void>((resolve) => (server.onclose = resolve));
    await server.connect(new StdioServerTransport());
    // The client ends the session by closing our stdin; the SDK's transport does not watch for that.
    process.stdin.once('end', () => void server.close());
    return { url: undefined, close: () => server.close(), closed };
  }
  if (options.transport !== 'http') throw new McpError('INVALID_ARGUMENT', "serveMcp(): transport must be 'stdio' or 'http'");
  const path = options.path ?? '/mcp';
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const servers: ReturnType<typeof createMcpServer>[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) return void res.writeHead(404).end();
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.handleRequest(req, res);
    if (typeof id === 'string') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"unknown session"}');
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => void sessions.set(sid, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = createMcpServer(target, options);
    servers.push(server);
    await server.connect(transport);
    return transport.handleRequest(req, res);
  };
  const http = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { address, port } = http.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await Promise.all(servers.map((s) => s.close().catch(() => {})));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    })());
  const closed = new Promise<void>((resolve) => http.once('close', () => resolve()));
  return { url: `http://${host}:${port}${path}`, close, closed };
}

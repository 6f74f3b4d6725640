import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Agent } from '@weft/agents';
import type { CompiledGraph } from '@weft/graph';
import { McpError } from '../errors.ts';
import { createMcpServer, type McpServeOptions } from './create-mcp-server.ts';
import { httpGuard } from './http-guard.ts';
import { isLoopback } from './is-loopback.ts';
import type { ServedMcp } from './served-mcp.ts';

/** Streamable HTTP for `serveMcp`: where it listens, and who may talk to it. */
export interface McpHttpTransport {
  transport: 'http';
  /** The port (default 0: any free one). */
  port?: number;
  /** The address to listen on (default 127.0.0.1). Anything but a loopback address (127.0.0.0/8, ::1, `localhost`) needs `token`. */
  host?: string;
  /** The endpoint's path (default `/mcp`). */
  path?: string;
  /** A bearer token every request must carry (`Authorization: Bearer <token>`); a request without it gets 401. */
  token?: string;
}

/**
 * Serves `target` over Streamable HTTP with sessions: each session gets a
 * server of its own over the same target and store. Every request is checked
 * before a session or server is made for it (see http-guard.ts): the bearer
 * token when there is one, and on a loopback address the Host header, which
 * must name this server (DNS rebinding). Listening on any other address
 * without a token is TOKEN_REQUIRED: anyone who reached it could run the target.
 */
export async function serveHttp(
  target: Agent | CompiledGraph<any, any, any, any>,
  options: McpServeOptions & McpHttpTransport,
): Promise<ServedMcp> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  checkToken(options.token, host);
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, resolve);
  });
  const { address, port } = http.address() as AddressInfo;
  const url = `http://${bracketed(address)}:${port}${path}`;
  // A loopback server answers to its own names only; elsewhere the names people use are not known, and the token guards it.
  const names = isLoopback(host) ? [...new Set(['localhost', bracketed(address), bracketed(host)])].map((n) => `${n}:${port}`) : undefined;
  const guard = httpGuard({ token: options.token, hosts: names, url });
  const sessions = mcpSessions(target, options);
  // Attached once listening: no request is read before then.
  http.on('request', (req, res) => {
    if (!guard(req, res)) return;
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) return void res.writeHead(404).end();
    sessions.handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  return { url, ...closing(http, sessions.close) };
}

function checkToken(token: string | undefined, host: string): void {
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token))
    throw new McpError(
      'INVALID_ARGUMENT',
      'serveMcp(): the token must be printable ASCII without spaces (it goes in a header), e.g. a random hex string',
    );
  if (token === undefined && !isLoopback(host))
    throw new McpError(
      'TOKEN_REQUIRED',
      `serveMcp(): listening on ${host}, an address other machines may reach, needs a token: pass { token } (weft mcp: --token or WEFT_MCP_TOKEN), and clients send "Authorization: Bearer <token>"; or listen on 127.0.0.1`,
    );
}

/** The MCP sessions of the server: a request with a known session id goes to its transport; one without starts a session. */
function mcpSessions(target: Agent | CompiledGraph<any, any, any, any>, options: McpServeOptions) {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const servers: ReturnType<typeof createMcpServer>[] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
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
  const close = () => Promise.all(servers.map((s) => s.close().catch(() => {}))).then(() => {});
  return { handle, close };
}

/** `close()` (once: the sessions, then the connections and the listener) and `closed`. */
function closing(http: HttpServer, closeSessions: () => Promise<void>): Pick<ServedMcp, 'close' | 'closed'> {
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      await closeSessions();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    })());
  return { close, closed: new Promise<void>((resolve) => http.once('close', () => resolve())) };
}

const bracketed = (host: string): string => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

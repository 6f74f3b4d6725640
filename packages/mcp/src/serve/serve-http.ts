import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpGuard, isLoopback } from '@weft/common';
import type { Agent } from '@weft/agents';
import type { AnyCompiledGraph } from '@weft/graph';
import { McpError } from '../errors.ts';
import { createMcpServer, type McpServeOptions } from './create-mcp-server.ts';
import { McpSessions } from './mcp-sessions.ts';
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
  /**
   * How many client sessions are kept at once (default 1000, some 30 KB each). A new session
   * closes the one idle longest; when every session is in the middle of a request, it is refused (503).
   */
  maxSessions?: number;
  /** A session with no request for this long is closed (default 600,000 ms: 10 minutes); its client then starts a new one. */
  sessionIdleMs?: number;
}

const DEFAULT_MAX_SESSIONS = 1000;
const DEFAULT_SESSION_IDLE_MS = 600_000;

/**
 * Serves `target` over Streamable HTTP with sessions: each session gets a
 * server of its own over the same target and store, kept while it is in use
 * (at most `maxSessions`, each closed after `sessionIdleMs` idle: see
 * mcp-sessions.ts; without that, every client that went away kept its
 * server, some 30 KB). Every request is checked
 * before a session or server is made for it (see http-guard.ts): the bearer
 * token when there is one, and on a loopback address the Host header, which
 * must name this server (DNS rebinding). Listening on any other address
 * without a token is TOKEN_REQUIRED: anyone who reached it could run the target.
 */
export async function serveHttp(target: Agent | AnyCompiledGraph, options: McpServeOptions & McpHttpTransport): Promise<ServedMcp> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  checkToken(options.token, host);
  const limits = {
    maxSessions: positive('maxSessions', options.maxSessions, DEFAULT_MAX_SESSIONS, 'sessions'),
    sessionIdleMs: positive('sessionIdleMs', options.sessionIdleMs, DEFAULT_SESSION_IDLE_MS, 'milliseconds'),
  };
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, resolve);
  });
  const { address, port } = http.address() as AddressInfo;
  const url = `http://${bracketed(address)}:${port}${path}`;
  // A loopback server answers to its own names only; elsewhere the names people use are not known, and the token guards it.
  const names = isLoopback(host) ? [...new Set(['localhost', bracketed(address), bracketed(host)])].map((n) => `${n}:${port}`) : undefined;
  const guard = httpGuard({
    token: options.token,
    hosts: names,
    url,
    server: 'MCP',
    tokenFrom: "serveMcp()'s token option; weft mcp --token or WEFT_MCP_TOKEN",
  });
  const sessions = new McpSessions(limits, () => createMcpServer(target, options));
  // Attached once listening: no request is read before then.
  http.on('request', (req, res) => {
    if (!guard(req, res)) return;
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== path) return void res.writeHead(404).end();
    sessions.handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  return { url, ...closing(http, () => sessions.close()) };
}

function positive(name: string, value: number | undefined, fallback: number, unit: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0)
    throw new McpError('INVALID_ARGUMENT', `serveMcp(): ${name} must be a positive integer (${unit}), got ${String(value)}`);
  return value;
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

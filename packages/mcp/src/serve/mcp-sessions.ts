import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpServer } from './mcp-server.ts';

/** How many sessions an HTTP server keeps, and for how long one may sit idle. */
export interface SessionLimits {
  maxSessions: number;
  sessionIdleMs: number;
}

/** One client's session: its transport and server, and when it was last busy. */
interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /**
   * POSTs of the session being answered now (a tool call, one waiting on an elicitation). The
   * client's standing GET stream is not one: a client that went away without a word may leave it
   * open for as long as the network does not notice, and its session must still expire.
   */
  busy: number;
  /** When its last request started or ended (Date.now()). */
  seen: number;
}

/**
 * The MCP sessions of an HTTP server. A request with a known session id goes
 * to its session; one without gets a transport and server of its own, kept
 * only if the request started a session (an `initialize`): anything else
 * without a session id is answered (400) and let go. At most `maxSessions`
 * are kept: a new one first closes the session idle longest, and when every
 * session is busy it is refused (503). A session not busy for
 * `sessionIdleMs` is closed, checked on every request and every
 * `sessionIdleMs` / 2 (at most a minute). A closed session's id answers 404,
 * which tells its client to start a new one.
 */
export class McpSessions {
  /** By the time each was last busy, least recent first (a Map keeps insertion order; a use moves a session to the end). */
  readonly #sessions = new Map<string, Session>();
  /** Requests without a session id being answered now: each may start a session. */
  #opening = 0;
  readonly #limits: SessionLimits;
  readonly #newServer: () => McpServer;
  readonly #sweeper: NodeJS.Timeout;

  constructor(limits: SessionLimits, newServer: () => McpServer) {
    this.#limits = limits;
    this.#newServer = newServer;
    // Unref'd: an idle server's sweep never keeps the process alive; close() clears it.
    this.#sweeper = setInterval(() => void this.sweep(), Math.min(Math.ceil(limits.sessionIdleMs / 2), 60_000)).unref();
  }

  /** How many sessions are kept now. */
  get size(): number {
    return this.#sessions.size;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await this.sweep();
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = this.#sessions.get(id);
      if (!session) return void res.writeHead(404, { 'content-type': 'application/json' }).end(rpcError('Session not found'));
      return this.#use(id, session, req.method === 'POST', () => session.transport.handleRequest(req, res));
    }
    while (this.#sessions.size + this.#opening >= this.#limits.maxSessions)
      if (!(await this.#closeIdlest())) {
        const message = `this MCP server holds its maximum of ${this.#limits.maxSessions} sessions, all busy; try again later`;
        return void res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' }).end(rpcError(message));
      }
    return this.#open(req, res);
  }

  /** Closes the sessions idle for `sessionIdleMs` or more. */
  async sweep(): Promise<void> {
    const before = Date.now() - this.#limits.sessionIdleMs;
    const stale = [...this.#sessions.values()].filter((s) => s.busy === 0 && s.seen <= before);
    await Promise.all(stale.map((s) => s.server.close().catch(() => {})));
  }

  /** Stops the sweep and closes every session. */
  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all([...this.#sessions.values()].map((s) => s.server.close().catch(() => {})));
  }

  /** A request without a session id: a transport and server for it, kept only if it started a session. */
  async #open(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.#opening++;
    const server = this.#newServer();
    let session: Session | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => {
        session = { transport, server, busy: 1, seen: Date.now() };
        this.#sessions.set(sid, session);
      },
    });
    // Set before connect(): the server's own close handler runs after it.
    transport.onclose = () => {
      if (transport.sessionId) this.#sessions.delete(transport.sessionId);
    };
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } finally {
      this.#opening--;
      if (session) this.#done(session);
      else await server.close().catch(() => {});
    }
  }

  /** Answers a request of a known session: a POST keeps it busy (never closed for idleness) until it is answered. */
  async #use(id: string, session: Session, post: boolean, answer: () => Promise<void>): Promise<void> {
    session.seen = Date.now();
    this.#sessions.delete(id);
    this.#sessions.set(id, session);
    if (!post) return answer();
    session.busy++;
    try {
      await answer();
    } finally {
      this.#done(session);
    }
  }

  #done(session: Session): void {
    session.busy--;
    session.seen = Date.now();
  }

  /** Closes the session idle longest to make room; false when every session is busy. */
  async #closeIdlest(): Promise<boolean> {
    for (const session of this.#sessions.values())
      if (session.busy === 0) {
        await session.server.close().catch(() => {});
        return true;
      }
    return false;
  }
}

/** A JSON-RPC error without a request id, as the SDK's transport answers a request it refuses. */
const rpcError = (message: string): string => JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });

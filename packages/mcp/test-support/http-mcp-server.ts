import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * An MCP server written with the SDK, on a free port of this process:
 * `mode: 'streamable-http'` serves /mcp with sessions (so the server can send
 * notifications), `mode: 'sse'` serves only the legacy HTTP+SSE transport
 * (GET /mcp opens the stream, POST /messages carries requests), as a server
 * of the 2024 protocol does. `setup` registers the tools on each session's
 * McpServer. `requests` records every request's method, path and headers.
 */
export async function httpMcpServer(mode: 'streamable-http' | 'sse', setup: (server: McpServer) => void) {
  const servers: McpServer[] = [];
  const requests: { method: string; path: string; authorization: string | undefined }[] = [];
  const streamable = new Map<string, StreamableHTTPServerTransport>();
  const legacy = new Map<string, SSEServerTransport>();
  const session = () => {
    const server = new McpServer({ name: 'test-server', version: '1.2.3' }, { capabilities: { tools: { listChanged: true } } });
    setup(server);
    servers.push(server);
    return server;
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
    if (mode === 'sse') {
      if (req.method === 'GET' && path === '/mcp') {
        const transport = new SSEServerTransport('/messages', res);
        legacy.set(transport.sessionId, transport);
        await session().connect(transport);
        return;
      }
      const id = new URL(req.url ?? '/', 'http://x').searchParams.get('sessionId') ?? '';
      if (req.method === 'POST' && path === '/messages' && legacy.has(id)) return legacy.get(id)!.handlePostMessage(req, res);
      res.writeHead(405).end();
      return;
    }
    if (path !== '/mcp') return void res.writeHead(404).end();
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? streamable.get(id) : undefined;
    if (existing) return existing.handleRequest(req, res);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => void streamable.set(sid, transport),
    });
    await session().connect(transport);
    return transport.handleRequest(req, res);
  };
  const http: Server = createServer((req, res) => void handle(req, res).catch(() => res.writeHead(500).end()));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    servers,
    requests,
    async close() {
      await Promise.all(servers.map((s) => s.close().catch(() => {})));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

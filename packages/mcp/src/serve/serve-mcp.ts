import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Agent } from '@weft/agents';
import type { AnyCompiledGraph } from '@weft/graph';
import { McpError } from '../errors.ts';
import { checkServedVersions } from './check-served-versions.ts';
import { createMcpServer, type McpServeOptions } from './create-mcp-server.ts';
import { serveHttp, type McpHttpTransport } from './serve-http.ts';
import type { ServedMcp } from './served-mcp.ts';

/**
 * Where `serveMcp` listens: stdin/stdout, or Streamable HTTP on a port (0: any free one) at `path`,
 * with a bearer `token` that every request must carry (required off loopback).
 */
export type McpServeTransport = { transport: 'stdio' } | McpHttpTransport;

/**
 * Serves a Weft agent or compiled graph as an MCP server with one tool. Over
 * stdio it answers on this process's stdin and stdout (print nothing else to
 * stdout). Over HTTP it speaks Streamable HTTP with sessions on `host`
 * (default 127.0.0.1) and `path` (default `/mcp`); each session gets a
 * server of its own over the same target and store. With `token`, every
 * request must carry `Authorization: Bearer <token>` (else 401); an address
 * other than loopback needs one (else TOKEN_REQUIRED); on loopback, a request
 * whose Host header names another server is refused (403).
 *
 * @example
 * const token = randomBytes(24).toString('hex');
 * const served = await serveMcp(graph, { transport: 'http', port: 3000, token });
 * // A client sends it with every request:
 * const transport = new StreamableHTTPClientTransport(new URL(served.url!), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
 */
export async function serveMcp(target: Agent | AnyCompiledGraph, options: McpServeOptions & McpServeTransport): Promise<ServedMcp> {
  // Checked before listening: over HTTP, each session makes its server when its client comes.
  checkServedVersions('serveMcp()', target, options?.versions);
  if (options.transport === 'http') return serveHttp(target, options);
  if (options.transport !== 'stdio') throw new McpError('INVALID_ARGUMENT', "serveMcp(): transport must be 'stdio' or 'http'");
  const server = createMcpServer(target, options);
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  // The client ends the session by closing our stdin; the SDK's transport does not watch for that.
  process.stdin.once('end', () => void server.close());
  return { url: undefined, close: () => server.close(), closed };
}

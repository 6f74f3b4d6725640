import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError } from './errors.ts';
import type { McpHttpServer, McpStdioServer, McpToolsOptions } from './mcp-options.ts';
import type { McpTransportKind } from './mcp-transport-kind.ts';

/** A client that completed the MCP handshake, and how it is connected. */
export interface ConnectedClient {
  client: Client;
  transport: McpTransportKind;
}

/** Where a connection goes, for messages: the command, or the URL without its credentials. */
export function serverLabel(o: McpToolsOptions): string {
  if ('command' in o && o.command !== undefined) return [o.command, ...(o.args ?? [])].join(' ');
  const url = new URL(String((o as McpHttpServer).url));
  url.username = '';
  url.password = '';
  return url.toString();
}

/**
 * Connects a new client: stdio for a command; for a URL, Streamable HTTP, and
 * when the server refuses it (a 4xx to the first POST, as servers of the 2024
 * protocol do) the legacy HTTP+SSE transport, as the MCP specification's
 * backwards-compatibility section describes.
 */
export async function connectClient(o: McpToolsOptions, onClose: () => void): Promise<ConnectedClient> {
  const label = serverLabel(o);
  const make = () => new Client({ name: o.clientName ?? 'weft', version: '0.1.0' });
  if ('command' in o && o.command !== undefined)
    return { client: await start(make(), stdioTransport(o), label, onClose), transport: 'stdio' };
  const http = o as McpHttpServer;
  const url = new URL(String(http.url));
  const requestInit = http.headers ? { headers: { ...http.headers } } : undefined;
  const mode = http.transport ?? 'auto';
  if (mode !== 'sse') {
    try {
      const client = await start(make(), new StreamableHTTPClientTransport(url, requestInit ? { requestInit } : {}), label, onClose);
      return { client, transport: 'streamable-http' };
    } catch (err) {
      if (mode === 'streamable-http') throw err;
    }
  }
  return { client: await start(make(), new SSEClientTransport(url, requestInit ? { requestInit } : {}), label, onClose), transport: 'sse' };
}

function stdioTransport(o: McpStdioServer): StdioClientTransport {
  return new StdioClientTransport({
    command: o.command,
    ...(o.args ? { args: [...o.args] } : {}),
    ...(o.env ? { env: o.env } : {}),
    ...(o.cwd ? { cwd: o.cwd } : {}),
    stderr: o.stderr ?? 'inherit',
  });
}

async function start(client: Client, transport: Transport, label: string, onClose: () => void): Promise<Client> {
  try {
    await client.connect(transport);
  } catch (cause) {
    await client.close().catch(() => {});
    throw new McpError(
      'MCP_CONNECT_FAILED',
      `could not connect to the MCP server ${label}: ${(cause as Error)?.message ?? String(cause)}`,
      {
        cause,
        details: { server: label },
      },
    );
  }
  client.onclose = onClose;
  return client;
}

import { McpError } from './errors.ts';

/** A server started as a child process, spoken to over its stdin and stdout. */
export interface McpStdioServer {
  command: string;
  args?: readonly string[];
  /** The child's environment (default: the MCP SDK's safe subset of this process's, such as PATH and HOME). */
  env?: Record<string, string>;
  cwd?: string;
  /** The child's stderr (default 'inherit'). */
  stderr?: 'inherit' | 'ignore' | 'pipe';
}

/** A server at a URL: Streamable HTTP, falling back to the legacy HTTP+SSE transport for servers that only speak that. */
export interface McpHttpServer {
  url: string | URL;
  /** Sent with every request (an `Authorization` header, …). */
  headers?: Record<string, string>;
  /** 'auto' (default): Streamable HTTP, then SSE if the server refuses it; or only one of them. */
  transport?: 'auto' | 'streamable-http' | 'sse';
}

/** What a tool call may need before it runs: every tool, some by name, or a rule over the name and arguments. */
export type McpApproval = boolean | readonly string[] | ((tool: string, args: unknown) => boolean);

interface CommonOptions {
  /** Put before every tool's name (`${prefix}_${name}`): tools of several servers then never clash. */
  toolNamePrefix?: string;
  /** Tools that interrupt for approval before they run, as `needsApproval` of `tool()` (names as the server lists them). */
  needsApproval?: McpApproval;
  /** How long one call may take before it fails as a tool error (default 60,000 ms, the MCP SDK's). */
  timeoutMs?: number;
  /** How this client names itself to the server (default `weft`). */
  clientName?: string;
}

export type McpToolsOptions = (McpStdioServer & CommonOptions) | (McpHttpServer & CommonOptions);

const PREFIX = /^[a-zA-Z0-9_-]{1,32}$/;

/** The options checked: a clear, typed error for what would otherwise fail deep in the SDK. */
export function checkMcpOptions(o: McpToolsOptions): void {
  const bad = (msg: string) => new McpError('INVALID_ARGUMENT', `mcpTools(): ${msg}`);
  if (o === null || typeof o !== 'object')
    throw bad('pass { command, args?, env? } for a stdio server or { url, headers? } for an HTTP one');
  const stdio = 'command' in o && o.command !== undefined;
  const http = 'url' in o && o.url !== undefined;
  if (stdio === http) throw bad('pass exactly one of command (a stdio server) and url (an HTTP server)');
  if (stdio) {
    if (typeof o.command !== 'string' || !o.command) throw bad('command must be a non-empty string');
    if (o.args !== undefined && (!Array.isArray(o.args) || !o.args.every((a) => typeof a === 'string')))
      throw bad('args must be a list of strings');
  } else {
    let url: URL;
    try {
      url = new URL(String((o as McpHttpServer).url));
    } catch {
      throw bad(`url is not a URL: ${JSON.stringify(String((o as McpHttpServer).url))}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`url must be http: or https:, got ${url.protocol}`);
    const t = (o as McpHttpServer).transport;
    if (t !== undefined && t !== 'auto' && t !== 'streamable-http' && t !== 'sse')
      throw bad("transport must be 'auto', 'streamable-http' or 'sse'");
  }
  if (o.toolNamePrefix !== undefined && !PREFIX.test(o.toolNamePrefix))
    throw bad('toolNamePrefix must be 1-32 letters, digits, "_" or "-"');
  if (o.timeoutMs !== undefined && !(Number.isInteger(o.timeoutMs) && o.timeoutMs > 0)) throw bad('timeoutMs must be a positive integer');
  const a = o.needsApproval;
  if (a !== undefined && typeof a !== 'boolean' && typeof a !== 'function' && !(Array.isArray(a) && a.every((n) => typeof n === 'string')))
    throw bad('needsApproval must be a boolean, a list of tool names or a function (tool, args) => boolean');
}

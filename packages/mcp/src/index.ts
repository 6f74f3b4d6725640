/**
 * @weft/mcp — the tools of any Model Context Protocol server as Weft tools.
 * `mcpTools()` connects over stdio (a command) or HTTP (a URL: Streamable
 * HTTP, with the legacy SSE transport as fallback) and gives every tool the
 * server lists, with its JSON Schema, for `chatModelAgent({ tools })`.
 * Results reach the model as text (structured content as JSON; images and
 * resources as references); a server's error is a tool error the model sees;
 * a server that went away stops the run with TOOL_UNAVAILABLE, and a resume
 * calls the tool again. The other way round, `serveMcp()` (and `weft mcp`)
 * serves a Weft agent or compiled graph as an MCP server's tool (over HTTP
 * with a bearer token, required off loopback); a run's interrupt becomes an
 * elicitation of the client, its resume schema a form.
 */
export { mcpTools, McpTools, IDEMPOTENCY_META_KEY } from './mcp-tools.ts';
export type { McpToolsOptions, McpStdioServer, McpHttpServer, McpApproval } from './mcp-options.ts';
export type { McpTransportKind } from './mcp-transport-kind.ts';
export { createMcpServer } from './serve/create-mcp-server.ts';
export type { McpServeOptions } from './serve/create-mcp-server.ts';
export type { McpServer } from './serve/mcp-server.ts';
export type { McpServerTransport } from './serve/mcp-server-transport.ts';
export { serveMcp } from './serve/serve-mcp.ts';
export type { McpServeTransport } from './serve/serve-mcp.ts';
export type { McpHttpTransport } from './serve/serve-http.ts';
export type { ServedMcp } from './serve/served-mcp.ts';
export { McpError } from './errors.ts';
export type { McpErrorCode } from './errors.ts';

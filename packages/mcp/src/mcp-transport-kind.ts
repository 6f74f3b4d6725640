/**
 * Which transport a connection to an MCP server uses. Its own module: the
 * public types then never load the client's, whose SDK declarations need the
 * DOM library (`HeadersInit`).
 */
export type McpTransportKind = 'stdio' | 'streamable-http' | 'sse';

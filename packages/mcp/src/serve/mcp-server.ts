import type { McpServerTransport } from './mcp-server-transport.ts';

/**
 * An MCP server that serves a Weft target (made by `createMcpServer`): it
 * answers on the transport it is connected to, until it is closed. It is the
 * SDK's `Server`; its type says only what serving needs, in types that need
 * no DOM library.
 */
export interface McpServer {
  /** Starts answering on `transport` (one transport per server). */
  connect(transport: McpServerTransport): Promise<void>;
  /** Closes the transport; `onclose` is called. */
  close(): Promise<void>;
  /** Called when the transport closed (the client went away, or `close()`). */
  onclose?: (() => void) | undefined;
}

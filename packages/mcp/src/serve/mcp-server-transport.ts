import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * A transport an MCP server speaks over: any server transport of
 * `@modelcontextprotocol/sdk` (StdioServerTransport,
 * StreamableHTTPServerTransport, an InMemoryTransport, …) or one of your
 * own. It is the SDK's `Transport`, member for member, written out here:
 * the SDK's module that declares it also declares fetch helpers over the DOM
 * library's `HeadersInit`, so naming it would make @weft/mcp's types need
 * `lib: ["DOM"]` (with `skipLibCheck` off). The SDK's types module it uses
 * needs no DOM.
 */
export interface McpServerTransport {
  start(): Promise<void>;
  send(
    message: JSONRPCMessage,
    options?: {
      relatedRequestId?: RequestId | undefined;
      resumptionToken?: string | undefined;
      onresumptiontoken?: ((token: string) => void) | undefined;
    },
  ): Promise<void>;
  close(): Promise<void>;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;
  sessionId?: string | undefined;
  setProtocolVersion?: ((version: string) => void) | undefined;
}

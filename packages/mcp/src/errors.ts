import { WeftError } from '@weft/graph';

/** Codes of the errors @weft/mcp raises; check `err.code`. */
export type McpErrorCode =
  /** A bad option (no command and no url, a url that is not http(s), a bad prefix). */
  | 'INVALID_ARGUMENT'
  /** The server could not be started or reached, or did not complete the MCP handshake. */
  | 'MCP_CONNECT_FAILED'
  /** Two of the server's tools have the same name once made valid Weft tool names; set `toolNamePrefix` or rename them. */
  | 'MCP_TOOL_NAME_CLASH'
  /** The server answered a call with an error (`isError`, or a JSON-RPC error): the model gets it as a tool error. */
  | 'MCP_TOOL_ERROR'
  /**
   * The server is gone (its process exited, the connection closed) or could not be reached again: the run stops
   * with it instead of telling the model (see @weft/agents' TOOL_UNAVAILABLE), and a resume calls the tool again.
   */
  | 'TOOL_UNAVAILABLE'
  /** `close()` was called: the tools of this connection cannot be called any more. */
  | 'MCP_CLOSED'
  /**
   * `serveMcp()` over HTTP on an address other machines may reach (anything but 127.0.0.0/8, ::1 and
   * `localhost`) without a `token`: anyone who reached it could run the target. Pass a token, or listen on loopback.
   */
  | 'TOKEN_REQUIRED';

/** An error of the MCP layer. */
export class McpError extends WeftError<McpErrorCode> {
  override readonly name: string = 'McpError';
}

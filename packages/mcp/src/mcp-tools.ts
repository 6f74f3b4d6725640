import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError as ProtocolError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Tool, ToolContext, Toolset } from '@weft/agents';
import { connectClient, serverLabel, type ConnectedClient } from './connect-client.ts';
import type { McpTransportKind } from './mcp-transport-kind.ts';
import { McpError } from './errors.ts';
import { toWeftTool, weftToolName, type ListedTool } from './mcp-tool.ts';
import { checkMcpOptions, type McpToolsOptions } from './mcp-options.ts';
import { toolResultValue, type CallResult } from './tool-result.ts';

/** The `_meta` key under which each call carries its Weft idempotency key (servers that deduplicate read it there). */
export const IDEMPOTENCY_META_KEY = 'dev.weft/idempotency-key';

/**
 * A connection to one MCP server and its tools as Weft tools. `tools` is the
 * list the server gave when it was last asked; the server's
 * `notifications/tools/list_changed` refreshes it (`onToolsChanged` tells).
 * A server that went away is connected again at the next call; if that
 * fails, the call fails with TOOL_UNAVAILABLE, which stops the run (a resume
 * calls the tool again). `close()` ends the session (and a stdio server's
 * process).
 */
export class McpTools {
  readonly #options: McpToolsOptions;
  readonly #label: string;
  #connection: ConnectedClient;
  /** Set while the connection is down: the next call connects again. */
  #lost = false;
  #reconnecting: Promise<Client> | undefined;
  #tools: readonly Tool<Record<string, unknown>>[] = [];
  #closed = false;
  readonly #listeners = new Set<(tools: readonly Tool<Record<string, unknown>>[]) => void>();

  private constructor(options: McpToolsOptions, connection: ConnectedClient) {
    this.#options = options;
    this.#label = serverLabel(options);
    this.#connection = connection;
  }

  /** @internal use `mcpTools()` */
  static async open(options: McpToolsOptions): Promise<McpTools> {
    checkMcpOptions(options);
    // The connection reports its close to the McpTools made from it, which exists only once it is connected.
    const hook = { onClose: () => {} };
    const connection = await connectClient(options, () => hook.onClose());
    const self = new McpTools(options, connection);
    hook.onClose = () => self.#onClose();
    self.#listen(connection.client);
    try {
      await self.refresh();
    } catch (err) {
      await self.close();
      throw err;
    }
    return self;
  }

  /** The server's tools as Weft tools, for `chatModelAgent({ tools })`. */
  get tools(): readonly Tool<Record<string, unknown>>[] {
    return this.#tools;
  }

  /**
   * The server's tools as a toolset: `chatModelAgent({ tools: [mcp.toolset] })`
   * reads the list at every model call, so tools the server adds or removes
   * (`notifications/tools/list_changed`) reach the agent's next turn.
   */
  get toolset(): Toolset {
    const tools = () => this.#tools;
    return { kind: 'toolset', name: `mcp:${this.server.name}`, tools };
  }

  /** The server's name and version, as it gave them in the handshake. */
  get server(): { name: string; version: string } {
    const v = this.#connection.client.getServerVersion();
    return { name: v?.name ?? 'unknown', version: v?.version ?? 'unknown' };
  }

  /** How the connection is made: 'stdio', 'streamable-http', or 'sse' (the fallback for servers of the 2024 protocol). */
  get transport(): McpTransportKind {
    return this.#connection.transport;
  }

  /** Asks the server for its tools again (every page) and replaces `tools`. */
  async refresh(): Promise<readonly Tool<Record<string, unknown>>[]> {
    const client = await this.#client();
    const listed: ListedTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor });
      listed.push(...(page.tools as ListedTool[]));
      cursor = page.nextCursor;
    } while (cursor);
    const names = new Map<string, string>();
    this.#tools = listed.map((t) => {
      const name = weftToolName(t.name, this.#options.toolNamePrefix);
      const clash = names.get(name);
      if (clash !== undefined)
        throw new McpError(
          'MCP_TOOL_NAME_CLASH',
          `the tools "${clash}" and "${t.name}" of ${this.#label} are both "${name}" as Weft tools; set toolNamePrefix or rename one`,
          {
            details: { tools: [clash, t.name], name },
          },
        );
      names.set(name, t.name);
      return toWeftTool(t, name, this.#options.needsApproval, (args, ctx) => this.#call(t.name, args, ctx));
    });
    for (const listener of this.#listeners) listener(this.#tools);
    return this.#tools;
  }

  /** Calls `listener` with the new list whenever the server's tools changed (after the refresh it caused). */
  onToolsChanged(listener: (tools: readonly Tool<Record<string, unknown>>[]) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Ends the session; a stdio server's process is stopped. Calls after it fail with MCP_CLOSED. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    await this.#connection.client.close().catch(() => {});
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  async #call(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<unknown> {
    const client = await this.#client();
    let result: CallResult;
    try {
      result = (await client.callTool({ name, arguments: args, _meta: { [IDEMPOTENCY_META_KEY]: ctx.idempotencyKey } }, undefined, {
        signal: ctx.signal,
        ...(this.#options.timeoutMs ? { timeout: this.#options.timeoutMs } : {}),
      })) as CallResult;
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      if (this.#lost || (err instanceof ProtocolError && err.code === ErrorCode.ConnectionClosed)) throw this.#unavailable(name, err);
      throw new McpError('MCP_TOOL_ERROR', `${(err as Error)?.message ?? String(err)}`, { cause: err, details: { tool: name } });
    }
    return toolResultValue(result, name);
  }

  /** The live client, connecting again once if the server went away (a new process for stdio, a new session for HTTP). */
  async #client(): Promise<Client> {
    if (this.#closed) throw new McpError('MCP_CLOSED', `the connection to the MCP server ${this.#label} was closed with close()`);
    if (!this.#lost) return this.#connection.client;
    this.#reconnecting ??= (async () => {
      try {
        const connection = await connectClient(this.#options, () => this.#onClose());
        this.#connection = connection;
        this.#lost = false;
        this.#listen(connection.client);
        return connection.client;
      } finally {
        this.#reconnecting = undefined;
      }
    })();
    try {
      return await this.#reconnecting;
    } catch (err) {
      throw this.#unavailable(undefined, err);
    }
  }

  #listen(client: Client): void {
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      await this.refresh().catch(() => {}); // a failed refresh keeps the last list; the next call reports the problem
    });
  }

  #onClose(): void {
    if (!this.#closed) this.#lost = true;
  }

  #unavailable(tool: string | undefined, cause: unknown): McpError {
    const what = tool ? `the call to ${tool} could not be made` : 'the server could not be reached again';
    return new McpError(
      'TOOL_UNAVAILABLE',
      `the MCP server ${this.#label} is gone (${(cause as Error)?.message ?? String(cause)}): ${what}; resume the run once it is back`,
      { cause, details: { server: this.#label, ...(tool ? { tool } : {}) } },
    );
  }
}

/**
 * Connects to an MCP server and lists its tools as Weft tools.
 *
 * @example
 * const fs = await mcpTools({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '.'] });
 * const agent = chatModelAgent({ name: 'files', description: 'Reads files', model, tools: [...fs.tools] });
 * // … run it …
 * await fs.close();
 */
export function mcpTools(options: McpToolsOptions): Promise<McpTools> {
  return McpTools.open(options);
}

import { tool, type Tool, type ToolContext } from '@weft/agents';
import type { StandardSchemaV1 } from '@weft/graph';
import type { McpApproval } from './mcp-options.ts';

/** A tool as the server lists it (only the fields read here). */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
}

/** Any object, for a server's schema that ajv cannot compile: the server then checks the arguments itself. */
const anyObject: StandardSchemaV1<Record<string, unknown>> = {
  '~standard': {
    version: 1,
    vendor: 'weft-mcp',
    validate: (value) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? { value: value as Record<string, unknown> }
        : { issues: [{ message: 'the arguments must be an object' }] },
  },
};

/**
 * A Weft tool for one of the server's tools: the model sees the server's
 * description and JSON Schema; the arguments are checked against that schema
 * before the call (when ajv can compile it; a schema it cannot is left to the
 * server); `call` sends the call to the server.
 */
export function toWeftTool(
  listed: ListedTool,
  name: string,
  approval: McpApproval | undefined,
  call: (args: Record<string, unknown>, ctx: ToolContext) => Promise<unknown>,
): Tool<Record<string, unknown>> {
  const description = listed.description ?? listed.title ?? `the MCP tool ${listed.name}`;
  const needsApproval = approvalOf(approval, listed.name);
  const common = { name, description, execute: call, ...(needsApproval === undefined ? {} : { needsApproval }) };
  const { $schema: _ignored, ...schema } = listed.inputSchema;
  try {
    return tool<Record<string, unknown>>({ ...common, parameters: schema });
  } catch {
    return tool<Record<string, unknown>>({ ...common, parameters: anyObject, jsonSchema: schema });
  }
}

function approvalOf(a: McpApproval | undefined, tool: string): boolean | ((args: Record<string, unknown>) => boolean) | undefined {
  if (a === undefined || typeof a === 'boolean') return a;
  if (typeof a === 'function') return (args) => a(tool, args);
  return a.includes(tool);
}

/** A valid Weft tool name for a server's tool name: other characters become `_`, and it is cut to 64. */
export function weftToolName(serverName: string, prefix: string | undefined): string {
  const base = serverName.replace(/[^a-zA-Z0-9_-]/g, '_');
  return (prefix ? `${prefix}_${base}` : base).slice(0, 64) || '_';
}

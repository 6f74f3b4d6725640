import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A tool's `outputSchema`: MCP's structured content is always a JSON object. */
export interface ObjectSchema {
  type: 'object';
  [key: string]: unknown;
}

/**
 * What a served tool declares about its result: the `outputSchema` it lists,
 * and whether the value is wrapped as `{ result }` to make it an object.
 */
export interface ToolOutput {
  schema: ObjectSchema;
  wrap: boolean;
}

/**
 * The declared output of a target whose output has a JSON Schema: an object
 * schema as it is; any other (an array, a string, a union) as the `result`
 * property of an object, the way MCP servers commonly wrap such values.
 */
export function toolOutput(json: Record<string, unknown> | undefined): ToolOutput | undefined {
  if (json === undefined) return undefined;
  if (json['type'] === 'object') return { schema: json as ObjectSchema, wrap: false };
  return { schema: { type: 'object', properties: { result: json }, required: ['result'] }, wrap: true };
}

/**
 * A run's output as the tool's result: text for a string; otherwise its JSON
 * as text, with `structuredContent` — the value (wrapped when declared so)
 * for a tool with an outputSchema, which clients check it against, or a plain
 * object's value for one without.
 */
export function toolResult(output: unknown, declared: ToolOutput | undefined): CallToolResult {
  const text = typeof output === 'string' ? output : (JSON.stringify(output) ?? 'null');
  if (declared) {
    const structuredContent = declared.wrap ? { result: output } : (output as Record<string, unknown>);
    return { content: [{ type: 'text', text }], structuredContent };
  }
  if (typeof output === 'string') return { content: [{ type: 'text', text }] };
  const plain = output !== null && typeof output === 'object' && !Array.isArray(output);
  return { content: [{ type: 'text', text }], ...(plain ? { structuredContent: output as Record<string, unknown> } : {}) };
}

import { AgentError, type AgentErrorCode } from '../errors.ts';
import { exceedsUtf8Bytes, utf8ByteLength } from './utf8-byte-length.ts';

/**
 * UTF-8 bytes a tool's result may have unless the tool or its agent says
 * otherwise: 1 MiB of text, about 250k tokens, more than any model's context
 * takes. Measured: one 100 MB result was stored twice (a 200 MB SQLite file
 * and a 201 MB WAL), once in the history and once in the tool's task result.
 */
export const DEFAULT_MAX_TOOL_RESULT_BYTES = 1024 * 1024;

/** Checks a result limit where it is given: a positive integer, or Infinity for none. */
export function checkResultLimit(value: unknown, where: string, code: AgentErrorCode = 'INVALID_ARGUMENT'): void {
  if (value !== Infinity && !(Number.isSafeInteger(value) && (value as number) > 0))
    throw new AgentError(code, `${where} must be a positive integer or Infinity (got ${String(value)})`);
}

/** What limits a tool's result: the tool's own `maxResultBytes`, else its agent's `maxToolResultBytes`, else the default. */
export interface ResultLimit {
  max: number;
  /** Where `max` comes from, to say what to raise. */
  from: 'tool' | 'agent' | 'default';
}

export function resultLimitOf(
  tool: { maxResultBytes?: number | undefined },
  agent: { maxToolResultBytes?: number | undefined },
): ResultLimit {
  if (tool.maxResultBytes !== undefined) return { max: tool.maxResultBytes, from: 'tool' };
  if (agent.maxToolResultBytes !== undefined) return { max: agent.maxToolResultBytes, from: 'agent' };
  return { max: DEFAULT_MAX_TOOL_RESULT_BYTES, from: 'default' };
}

/**
 * The error for a result over its limit, or undefined when it fits. Its
 * message is for the model first (it is the tool message it gets: ask for
 * less) and for the developer (what to raise).
 */
export function oversizedResult(tool: string, content: string, limit: ResultLimit): { message: string; details: object } | undefined {
  if (!exceedsUtf8Bytes(content, limit.max)) return undefined;
  const bytes = utf8ByteLength(content);
  const raise = limit.from === 'tool' ? `tool({ maxResultBytes })` : 'tool({ maxResultBytes }) or chatModelAgent({ maxToolResultBytes })';
  const message =
    `the result of ${tool} is ${bytes} bytes, more than the ${limit.max} bytes a result of ${tool} may have, so it was dropped; ` +
    `call it again asking for less (a narrower query, a smaller page), or raise the limit with ${raise}`;
  return { message, details: { bytes, maxResultBytes: limit.max } };
}

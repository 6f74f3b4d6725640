import type { Message } from '@weft/agents';
import { usageError } from './errors.ts';
import type { RunInput } from './execute-target.ts';
import type { FlagText } from './flag-text.ts';
import { parseJsonFlag } from './parse-json-flag.ts';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/**
 * The input of `weft run` from `--query` / `--input` (its text already read:
 * see flagText): an agent takes a query or a JSON list of messages (a JSON
 * string is a query); a graph takes any JSON value, or the query text as a string.
 */
export function runInput(kind: 'agent' | 'graph', flags: { query?: string | undefined; input?: FlagText | undefined }): RunInput {
  if (flags.query !== undefined && flags.input !== undefined)
    throw usageError('run: give --query or --input, not both', '--query takes text, --input takes JSON');
  const parse = (input: FlagText) => parseJsonFlag('--input', input.text, input.source === '--input' ? undefined : input);
  if (kind === 'graph') return { value: flags.input !== undefined ? parse(flags.input) : flags.query };
  if (flags.query !== undefined) return { query: flags.query };
  if (flags.input === undefined)
    throw usageError(
      'run: an agent needs --query <text> or --input <messages>',
      `e.g. --query "Hello" or --input '[{"role":"user","content":"Hello"}]'`,
    );
  const value = parse(flags.input);
  if (typeof value === 'string') return { query: value };
  if (!Array.isArray(value) || !value.every(isMessage))
    throw usageError(
      'run: --input for an agent is a JSON list of messages with a role and a text content',
      `e.g. --input '[{"role":"user","content":"Hello"}]'`,
    );
  return { messages: value };
}

function isMessage(m: unknown): m is Message {
  const v = m as Partial<Message> | null;
  return v !== null && typeof v === 'object' && typeof v.role === 'string' && ROLES.has(v.role) && typeof v.content === 'string';
}

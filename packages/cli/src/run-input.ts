import { userMessage, type ContentPart, type Message } from '@weft/agents';
import { usageError } from './errors.ts';
import type { RunInput } from './execute-target.ts';
import type { FlagText } from './flag-text.ts';
import { parseJsonFlag } from './parse-json-flag.ts';

const ROLES = new Set(['system', 'user', 'assistant', 'tool']);

/**
 * The input of `weft run` from `--query` / `--input` (its text already read:
 * see flagText): an agent takes a query or a JSON list of messages (a JSON
 * string is a query); a graph takes any JSON value, or the query text as a string.
 * Attachments (`--attach`, already read) make one user message with the
 * query: its text first, then the files, in the order given.
 */
export function runInput(
  kind: 'agent' | 'graph',
  flags: { query?: string | undefined; input?: FlagText | undefined; attachments?: readonly ContentPart[] },
): RunInput {
  if (flags.query !== undefined && flags.input !== undefined)
    throw usageError('run: give --query or --input, not both', '--query takes text, --input takes JSON');
  const attachments = flags.attachments ?? [];
  if (attachments.length > 0) return withAttachments(kind, flags, attachments);
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

function withAttachments(
  kind: 'agent' | 'graph',
  flags: { input?: FlagText | undefined; query?: string | undefined },
  attachments: readonly ContentPart[],
): RunInput {
  if (kind === 'graph') throw attachToGraph();
  if (flags.input !== undefined)
    throw usageError(
      'run: --attach goes with --query, not --input',
      'ask with --query "<text>" --attach <file>, or put the parts in the --input messages',
    );
  const text: ContentPart[] = flags.query ? [{ type: 'text', text: flags.query }] : [];
  return { messages: [userMessage([...text, ...attachments])] };
}

/** `--attach` given to a graph: refused before any file is read. */
export const attachToGraph = (): Error =>
  usageError(
    'run: --attach applies to agents (their user message takes images, files and audio); this module runs a graph',
    "pass the graph what it takes with --input, or run an agent's module",
  );

function isMessage(m: unknown): m is Message {
  const v = m as Partial<Message> | null;
  return v !== null && typeof v === 'object' && typeof v.role === 'string' && ROLES.has(v.role) && typeof v.content === 'string';
}

import type { Message } from '@weft/agents';
import { StudioError } from '../errors.ts';
import type { RunInput } from '../runs/run-request.ts';
import type { RunBody } from './bodies.ts';
import { decodeParts } from './wire-parts.ts';

/**
 * A run body's input as the runner takes it: parts' bytes decoded (see
 * decodeParts), and a query sent with parts as one user message of the
 * query's text and the parts. Only an agent takes parts: a graph's query is
 * its string input.
 */
export function runInputOf(input: RunBody['input'], kind: 'agent' | 'graph'): RunInput {
  if ('query' in input) {
    if (input.parts === undefined || input.parts.length === 0) return { query: input.query };
    if (kind !== 'agent')
      throw new StudioError('BAD_REQUEST', 'body: input.parts: a graph takes its input as a value; send parts with an agent’s query');
    const content = [{ type: 'text' as const, text: input.query }, ...decodeParts(input.parts, 'input.parts')];
    return { messages: [{ role: 'user', content }] };
  }
  if ('messages' in input) {
    const messages = input.messages.map((m, i) =>
      typeof m.content === 'string' ? m : { ...m, content: decodeParts(m.content, `input.messages[${i}].content`) },
    );
    // Checked against the message shape here; the Runner checks the rest of each message.
    return { messages: messages as unknown as Message[] };
  }
  return input;
}

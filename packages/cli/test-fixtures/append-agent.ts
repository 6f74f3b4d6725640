/**
 * An agent with one approved side effect: `append` (needsApproval) appends
 * the thread id as a line to the file $WEFT_TEST_APPEND_FILE. A race test
 * counts the lines: exactly one per thread, however many processes resume
 * it. The model answers from what it is sent (tool result or not), so every
 * process that loads this module continues a thread the same way.
 */
import { appendFileSync } from 'node:fs';
import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';

const append = tool({
  name: 'append',
  description: 'Appends a line to the file.',
  parameters: { type: 'object', properties: { line: { type: 'string' } }, required: ['line'] },
  needsApproval: true,
  execute: async (args: { line: string }) => {
    const file = process.env['WEFT_TEST_APPEND_FILE'];
    if (!file) throw new Error('WEFT_TEST_APPEND_FILE is not set');
    appendFileSync(file, `${args.line}\n`);
    return 'appended';
  },
});

export const agent = chatModelAgent({
  name: 'Appender',
  description: 'Appends one line, once approved.',
  model: scriptedModel(
    [
      (messages) =>
        messages.at(-1)?.role === 'tool'
          ? { text: 'Done.' }
          : { toolCalls: [{ name: 'append', arguments: { line: String(messages.findLast((m) => m.role === 'user')?.content) } }] },
    ],
    { repeatLast: true },
  ),
  tools: [append],
});

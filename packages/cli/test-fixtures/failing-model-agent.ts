/**
 * An agent that looks something up, then answers, with a model that is down
 * while a file `model-down` exists in the current folder: its second call
 * (after the tool ran) then throws, and the run fails. The tool appends a line
 * to `ran.txt` in the current folder, so a test sees that resuming once the
 * model is back does not run it again. Files, not environment variables, so
 * that a command the CLI prints runs as printed.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';

const lookup = tool({
  name: 'lookup',
  description: 'Looks the customer up.',
  parameters: { type: 'object', properties: { who: { type: 'string' } }, required: ['who'] },
  execute: async (args: { who: string }) => {
    appendFileSync('ran.txt', `lookup ${args.who}\n`);
    return `${args.who} is a customer`;
  },
});

export const agent = chatModelAgent({
  name: 'Helper',
  description: 'Looks up, then answers.',
  model: scriptedModel(
    [
      (messages) => {
        if (messages.at(-1)?.role !== 'tool') return { toolCalls: [{ name: 'lookup', arguments: { who: 'Ann' } }] };
        if (existsSync('model-down')) throw new Error('503 Service Unavailable: the model is down');
        return { text: `Answer: ${String(messages.at(-1)?.content)}.` };
      },
    ],
    { repeatLast: true },
  ),
  tools: [lookup],
});

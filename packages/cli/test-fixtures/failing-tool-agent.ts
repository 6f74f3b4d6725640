/**
 * An agent whose only tool throws, and whose tool errors fail the run
 * (toolErrors: 'throw'): WEFT_DEBUG=1 shows this file's frame first, where the tool threw.
 */
import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';

const lookup = tool({
  name: 'lookup',
  description: 'Looks an order up.',
  parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  execute: async (): Promise<string> => {
    throw new Error('the order service is down');
  },
});

export const agent = chatModelAgent({
  name: 'Clerk',
  description: 'Looks orders up.',
  model: scriptedModel([{ toolCalls: [{ name: 'lookup', arguments: { order: 'A-1' } }] }, { text: 'unreachable' }]),
  tools: [lookup],
  toolErrors: 'throw',
});

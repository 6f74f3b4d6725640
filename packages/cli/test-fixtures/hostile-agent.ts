/**
 * An agent whose model and tool speak in escape sequences: its answer text
 * (also streamed), a tool call's arguments (shown in the approval) and the
 * tool's result. Its model answers from what it is sent, so any process
 * that loads this module continues a thread where another left it.
 */
import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';

const HOSTILE = '\x1b[2J\x1b[H\x1b]0;pwned\x07\u009b31m\u202e';

const wipe = tool({
  name: 'wipe',
  description: 'Wipes the screen.',
  parameters: { type: 'object', properties: { how: { type: 'string' } }, required: ['how'] },
  needsApproval: true,
  execute: async () => `wiped ${HOSTILE}`,
});

export const agent = chatModelAgent({
  name: 'Wiper',
  description: 'Wipes things.',
  model: scriptedModel(
    [
      (messages) =>
        messages.at(-1)?.role === 'tool'
          ? { chunks: ['all ', `clean ${HOSTILE}`, '\nnext line 😀'] }
          : { text: `about to ${HOSTILE}`, toolCalls: [{ name: 'wipe', arguments: { how: HOSTILE } }] },
    ],
    { repeatLast: true },
  ),
  tools: [wipe],
});

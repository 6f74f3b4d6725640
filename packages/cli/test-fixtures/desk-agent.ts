/**
 * An agent whose instruction needs the session values `company` and `desk`,
 * with defaults the module declares. Its one tool asks for approval; once it
 * has run, the agent answers with the instruction it was given, so a test
 * sees which session values the model got.
 */
import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';

export const sessionValues = { company: 'Acme', desk: 'front' };

const note = tool({
  name: 'note',
  description: 'Notes the greeting.',
  parameters: { type: 'object', properties: {} },
  needsApproval: true,
  execute: () => 'noted',
});

export const agent = chatModelAgent({
  name: 'Greeter',
  description: 'Greets customers.',
  instruction: 'You greet the customers of {company} at the {desk} desk.',
  model: scriptedModel(
    [
      (messages) =>
        messages.at(-1)?.role === 'tool' ? { text: `Done. (${messages[0]?.content})` } : { toolCalls: [{ name: 'note', arguments: {} }] },
    ],
    { repeatLast: true },
  ),
  tools: [note],
});

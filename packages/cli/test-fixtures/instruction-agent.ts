/** An agent whose instruction needs the session value `company`: without it the run fails (INSTRUCTION_KEY_MISSING). */
import { chatModelAgent } from '@weft/agents';
import { scriptedModel } from '@weft/models';

export const agent = chatModelAgent({
  name: 'Greeter',
  description: 'Greets customers.',
  instruction: 'You greet the customers of {company}.',
  model: scriptedModel([(messages) => ({ text: `Hello! (${String(messages[0]?.content)})` })], { repeatLast: true }),
});

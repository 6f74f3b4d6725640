/**
 * An agent module that says which version of its agent system it is: the
 * `versions` export is what `new Runner({ versions })` takes, and weft run,
 * resume and migrate pass it. unversioned-agent.ts exports the same agent
 * without it (the version before labels).
 */
import { chatModelAgent } from '@weft/agents';
import { scriptedModel } from '@weft/models';

export const agent = chatModelAgent({
  name: 'Greeter',
  description: 'Says hello.',
  model: scriptedModel([() => ({ text: 'Hello.' })], { repeatLast: true }),
});

export const versions = { version: 'greeter-2' };

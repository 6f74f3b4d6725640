/** An agent whose memory tools use the bank the module exports as `memory`, with one item in it. */
import { chatModelAgent, memoryTools } from '@weft/agents';
import { InMemoryBank } from '@weft/memory';
import { scriptedModel } from '@weft/models';

export const memory = new InMemoryBank();
/** The seeded item's write (a module the CLI loads as CommonJS cannot await at its top level). */
export const seeded = memory.put(['customers', 'acme'], 'plan', { text: 'On the Pro plan.' });

export const agent = chatModelAgent({
  name: 'Keeper',
  description: 'Remembers what customers say.',
  model: scriptedModel([{ text: 'Hello.' }]),
  tools: memoryTools({ bank: memory, namespace: ['customers', 'acme'] }),
});

/** One agent whose scripted model answers in chunks: `weft run --stream` prints them as they come. */
import { chatModelAgent } from '@weft/agents';
import { scriptedModel } from '@weft/models';

export const agent = chatModelAgent({
  name: 'Poet',
  description: 'Writes one short line.',
  model: scriptedModel([{ chunks: ['Roses ', 'are ', 'red,\n', 'violets ', 'are ', 'blue.'] }]),
});

/**
 * A remote Weft agent in a process of its own: Support refunds orders after
 * an approval. Served with a2a on a free loopback port with the token given
 * as the first argument; prints `url <url>` when ready, and `refunded <order>`
 * each time the tool runs. Ends on SIGTERM.
 */
import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { serveA2A } from '../index.ts';

const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  needsApproval: true,
  execute: async ({ order }: { order: string }) => {
    process.stdout.write(`refunded ${order}\n`);
    return `refunded ${order}`;
  },
});
const model = scriptedModel([{ toolCalls: [{ name: 'refund', arguments: { order: 'A1' } }] }, { chunks: ['Order A1 ', 'is refunded.'] }]);
const served = await serveA2A(chatModelAgent({ name: 'Support', description: 'Refunds orders', model, tools: [refund] }), {
  token: process.argv[2],
});
process.stdout.write(`url ${served.url}\n`);
process.once('SIGTERM', () => void served.close());

/** src/graph.ts of a new project: a small graph with a branch. */
export const GRAPH_TEMPLATE = `/**
 * An order pipeline: check the order, price it, and send large ones to a
 * person. \`npm run order\` runs it on order.json.
 */
import { END, START, graph as defineGraph } from '@weft/graph';
import { z } from 'zod';

// The input is checked when a run starts: an order this schema refuses is INPUT_INVALID, and nothing runs.
export const Order = z.object({ item: z.string().min(1), quantity: z.number().int().min(1) });
export type Order = z.infer<typeof Order>;

interface Priced extends Order {
  total: number;
}

const PRICE = 12;
const LARGE = 100;

export const graph = defineGraph({ name: 'order', input: Order, output: z.string() })
  .addNode('check', (order: Order) => ({ ...order, item: order.item.trim().toLowerCase() }))
  .addNode('price', (order: Order): Priced => ({ ...order, total: order.quantity * PRICE }))
  .addNode('confirm', (order: Priced) => \`\${order.quantity} × \${order.item}: \${order.total} EUR\`)
  .addNode('review', (order: Priced) => \`\${order.quantity} × \${order.item}: \${order.total} EUR, waiting for a person to confirm\`)
  .addEdge(START, 'check')
  .addEdge('check', 'price')
  .addBranch('price', (order: Priced) => (order.total > LARGE ? 'review' : 'confirm'), ['review', 'confirm'])
  .addEdge('confirm', END)
  .addEdge('review', END)
  .compile();
`;

/** src/graph.ts of a new project: a small graph with a branch. */
export const GRAPH_TEMPLATE = `/**
 * An order pipeline: check the order, price it, and send large ones to a
 * person. \`npm run order\` runs it on order.json.
 */
import { END, START, graph as defineGraph } from '@weft/graph';

export interface Order {
  item: string;
  quantity: number;
}

interface Priced extends Order {
  total: number;
}

const PRICE = 12;
const LARGE = 100;

export const graph = defineGraph<Order, string>({ name: 'order' })
  .addNode('check', (order: Order) => {
    if (!Number.isInteger(order.quantity) || order.quantity < 1) throw new Error('quantity must be a whole number, at least 1');
    return order;
  })
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

/**
 * A graph typed by Zod schemas for the CLI's tests: an expense waits for a
 * person's approval, an interrupt whose resume schema says what it takes, so
 * the printed `weft resume` shows the shape of the value.
 */
import { END, START, graph as defineGraph, interrupt } from '@weft/graph';
import { z } from 'zod';

const Expense = z.object({ who: z.string(), amount: z.number() });
const Decision = z.object({ approved: z.boolean(), note: z.string().optional() });

export const graph = defineGraph({ name: 'typed-expense', input: Expense, output: z.string() })
  .addNode('approve', (e: z.infer<typeof Expense>) => {
    const { approved, note } = interrupt({ question: `Approve ${e.amount} for ${e.who}?` }, { resume: Decision });
    return approved ? `paid ${e.amount} to ${e.who}${note ? ` (${note})` : ''}` : `refused ${e.who}`;
  })
  .addEdge(START, 'approve')
  .addEdge('approve', END)
  .compile();

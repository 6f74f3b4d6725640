/**
 * Graphs that spend as agents do, for the usage columns of `weft threads`
 * and `weft history`: `draft` makes one "model call" of 1,200 tokens
 * ($0.0042), `check` one of 300 tokens ($0.0011) and a tool call. `graph`
 * has a budget and prices; `unpriced` counts tokens without a price (cost 0)
 * and has no budget; `tight` allows one model call and asks for more.
 */
import { END, START, graph as defineGraph, type Budget, type NodeContext } from '@weft/graph';

type Ctx = { budget: NodeContext['budget'] };

function call(ctx: Ctx, inputTokens: number, outputTokens: number, costUsd: number): void {
  ctx.budget.charge({ modelCalls: 1 });
  ctx.budget.record({ tokens: inputTokens + outputTokens, inputTokens, outputTokens, costUsd });
}

function spending(name: string, priced: boolean, budget: Budget | undefined) {
  return defineGraph<string, string>({ name })
    .addNode('draft', (text: string, ctx) => (call(ctx, 1_000, 200, priced ? 0.0042 : 0), `${text} drafted`))
    .addNode('check', (text: string, ctx) => {
      call(ctx, 250, 50, priced ? 0.0011 : 0);
      ctx.budget.charge({ toolCalls: 1 });
      return `${text}, checked`;
    })
    .addEdge(START, 'draft')
    .addEdge('draft', 'check')
    .addEdge('check', END)
    .compile(budget ? { budget } : {});
}

export const graph = spending('spending', true, { tokens: 10_000, costUsd: 0.05, modelCalls: 5 });
export const unpriced = spending('unpriced', false, undefined);
export const tight = spending('tight', true, { modelCalls: 1, onExceeded: 'interrupt' });

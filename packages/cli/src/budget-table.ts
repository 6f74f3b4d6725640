import { formatTable } from './format-table.ts';
import { formatUsd } from './format-usd.ts';
import { LIMITS, priced, type ThreadUsage } from './thread-usage.ts';

const LABELS: Record<(typeof LIMITS)[number], string> = {
  tokens: 'tokens',
  costUsd: 'cost (USD)',
  modelCalls: 'model calls',
  toolCalls: 'tool calls',
  wallMs: 'running ms',
};

/**
 * A thread's usage as a table: what it used of each limit, and with a
 * budget the limit and what is left of it (`-` for a limit not set), then
 * what happens when a limit would be crossed. Without usage or a budget,
 * one line says nothing was counted.
 */
export function budgetTable(thread: ThreadUsage): string {
  const { usage, budget, remaining } = thread;
  if (!usage && !budget) return 'usage: nothing counted, no budget\n';
  const cost = priced(thread);
  const figure = (name: (typeof LIMITS)[number], n: number | undefined): string => {
    if (n === undefined) return '-';
    if (name === 'costUsd') return cost ? formatUsd(n) : '-';
    return Math.round(n).toLocaleString('en-US');
  };
  const rows = LIMITS.map((name) => {
    const used = figure(name, usage?.[name] ?? 0);
    // An empty last column: formatTable pads every column but the last, and these figures align right.
    return budget ? [LABELS[name], used, figure(name, budget[name]), figure(name, remaining?.[name]), ''] : [LABELS[name], used, ''];
  });
  const header = budget ? ['usage', 'used', 'budget', 'remaining', ''] : ['usage', 'used', ''];
  const table = formatTable(header, rows, { right: budget ? [1, 2, 3] : [1] });
  if (!budget) return `${table}budget: none\n`;
  const onExceeded = budget.onExceeded === 'interrupt' ? 'interrupt (the run pauses until a person extends the budget)' : 'error';
  return `${table}when a limit would be crossed: ${onExceeded}\n`;
}

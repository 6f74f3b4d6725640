import { formatUsd } from './format-usd.ts';
import { priced, type ThreadUsage } from './thread-usage.ts';

const count = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * A thread's usage in one table cell: tokens, the cost when a price was
 * known, model calls — `1,200 tokens · $0.0042 · 1 model call`; `-` when
 * nothing was counted.
 */
export function usageCell(thread: ThreadUsage): string {
  const { usage } = thread;
  if (!usage) return '-';
  const parts = [count(usage.tokens, 'token', 'tokens')];
  if (priced(thread)) parts.push(formatUsd(usage.costUsd));
  parts.push(count(usage.modelCalls, 'model call', 'model calls'));
  return parts.join(' · ');
}

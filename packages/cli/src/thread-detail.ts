import { budgetTable } from './budget-table.ts';
import type { ThreadRow } from './thread-row.ts';
import { formatTime } from './format-time.ts';
import { terminalSafe } from './terminal-safe.ts';

/** A thread's row of `weft threads` (without usage): thread, status, seq, step, version, updated, running by, module. */
export function threadCells(t: ThreadRow): string[] {
  return [
    t.threadId,
    t.error ? `corrupt (${t.error.code})` : t.failure ? `${t.status} (${t.failure.code})` : t.status,
    String(t.seq),
    String(t.step),
    t.graph ? (t.graph.version ?? t.graph.hash.slice(0, 8)) : '-',
    formatTime(t.updatedAt),
    t.runningBy ? `${t.runningBy.holder} since ${formatTime(t.runningBy.since)}` : '-',
    t.module ?? '-',
  ];
}

/** `weft threads <id>`: the row's fields one a line, then the usage table (used / budget / remaining). */
export function threadDetail(t: ThreadRow): string {
  const [thread, status, seq, step, version, updated, runningBy, module] = threadCells(t);
  const fields: [string, string][] = [
    ['status', status!],
    ['seq', seq!],
    ['step', step!],
    ['version', version!],
    ['updated', updated!],
    ['running by', runningBy!],
    ['module', t.module === undefined ? module! : `${module} (export ${t.export ?? 'default'})`],
  ];
  const lines = [`thread ${thread}`, ...fields.map(([name, value]) => `${name.padEnd(11)}${value}`)];
  return `${lines.map((line) => terminalSafe(line)).join('\n')}\n\n${budgetTable(t)}`;
}

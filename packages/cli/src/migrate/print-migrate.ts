import type { CliIo } from '../cli-io.ts';
import { formatTable } from '../format-table.ts';
import { terminalSafe } from '../terminal-safe.ts';
import type { AppliedThread } from './apply-to-threads.ts';
import type { FixtureResult } from './test-fixture.ts';
import { versionText, type MigrationPlan, type VersionName } from './plan-threads.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 current, 1 blocked": how many of each, in the order given, leaving out none that occur. */
function counts(values: readonly string[]): string {
  const by = new Map<string, number>();
  for (const v of values) by.set(v, (by.get(v) ?? 0) + 1);
  return [...by].map(([v, n]) => `${n} ${v}`).join(', ');
}

/** What the last column says: the migrations that apply, why it is blocked, or why it could not be judged. */
function detail(t: { migrations: string[]; reasons: string[]; error: { code: string; message: string } | null }): string {
  if (t.error) return `${t.error.code}: ${t.error.message}`;
  if (t.reasons.length && !t.migrations.length) return t.reasons.join('; ');
  return t.migrations.join(' → ') || '-';
}

const graphLine = (graph: { name: string } & VersionName) =>
  `graph ${graph.name} · version ${graph.version ? `${graph.version} (${graph.hash.slice(0, 8)})` : graph.hash.slice(0, 8)}`;

/** `weft migrate plan`: the graph, a row per thread, and the counts per check and per older version. */
export function printPlan(io: CliIo, plan: MigrationPlan): void {
  io.stdout(terminalSafe(graphLine(plan.graph)) + '\n');
  const skipped = plan.skipped ? ` · ${plural(plan.skipped, 'thread')} of other graphs skipped` : '';
  if (plan.threads.length === 0) return io.stdout(`no threads of this graph${skipped}\n`);
  const rows = plan.threads.map((t) => [t.threadId, t.status, versionText(t.from), t.check, detail(t)]);
  io.stdout(formatTable(['thread', 'status', 'version', 'check', 'migrations / reasons'], rows));
  const { checks, olderVersions } = plan.summary;
  const older = Object.entries(olderVersions).map(([v, n]) => `${v}: ${plural(n, 'thread')}`);
  const waiting = older.length ? ` · waiting on older versions: ${older.join(', ')}` : '';
  const byCheck = Object.entries(checks)
    .map(([c, n]) => `${n} ${c}`)
    .join(', ');
  io.stdout(terminalSafe(`${plural(plan.threads.length, 'thread')}: ${byCheck}${waiting}${skipped}`) + '\n');
}

/** `weft migrate apply`: a row per thread (what happened to it) and the counts per outcome. */
export function printApplied(io: CliIo, plan: MigrationPlan, applied: AppliedThread[], dryRun: boolean): void {
  io.stdout(terminalSafe(`${graphLine(plan.graph)}${dryRun ? ' · dry run: nothing written' : ''}`) + '\n');
  const skipped = plan.skipped ? ` · ${plural(plan.skipped, 'thread')} of other graphs skipped` : '';
  if (applied.length === 0) return io.stdout(`no threads of this graph to migrate${skipped}\n`);
  const rows = applied.map((t) => [
    t.threadId,
    versionText(t.from),
    t.outcome,
    t.outcome === 'migrated' ? `new head ${t.checkpointId!} (${t.migrations.join(' → ')})` : detail(t),
  ]);
  io.stdout(formatTable(['thread', 'from', 'outcome', 'detail'], rows));
  io.stdout(terminalSafe(`${plural(applied.length, 'thread')}: ${counts(applied.map((t) => t.outcome))}${skipped}`) + '\n');
}

/** `weft migrate test`: a row per fixture and the counts per outcome. */
export function printFixtureResults(io: CliIo, results: FixtureResult[]): void {
  const rows = results.map((r) => [
    r.file,
    r.threadId ?? '-',
    versionText(r.from),
    r.check,
    r.outcome,
    r.error ? `${r.error.code}: ${r.error.message}` : r.outcome === 'blocked' ? r.reasons.join('; ') : r.steps.join(', '),
  ]);
  io.stdout(formatTable(['fixture', 'thread', 'version', 'check', 'result', 'detail'], rows));
  io.stdout(terminalSafe(`${plural(results.length, 'fixture')}: ${counts(results.map((r) => r.outcome))}`) + '\n');
}

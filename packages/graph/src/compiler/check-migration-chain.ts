import { WeftError } from '../errors.ts';
import type { ExecutionPlan } from './execution-plan.ts';

/**
 * Checks a graph's migrations at compile: each thread version must reach this
 * graph by exactly one path. Refused with MIGRATION_CHAIN, every problem at
 * once: two migrations from one version (which would a thread take?), a
 * migration to a version that is neither this graph nor where another
 * migration starts (a gap), a chain that comes back to where it started (a
 * cycle), a migration from this very graph.
 */
export function checkMigrationChain(plan: Pick<ExecutionPlan, 'name' | 'hash' | 'version' | 'migrations'>): void {
  const { migrations } = plan;
  if (migrations.length === 0) return;
  const isCurrent = (v: string) => v === plan.hash || v === plan.version;
  const here = `graph "${plan.name}" (${plan.version === undefined ? '' : `version ${plan.version}, `}structure ${plan.hash})`;
  const problems: string[] = [];
  const byFrom = new Map<string, string>();
  for (const m of migrations) {
    const other = byFrom.get(m.from);
    if (other !== undefined) problems.push(`migrations "${other}" and "${m.name}" both start from ${m.from}`);
    else byFrom.set(m.from, m.name);
    if (isCurrent(m.from)) problems.push(`migration "${m.name}" starts from ${m.from}, which is this graph`);
    if (!isCurrent(m.to) && !migrations.some((n) => n.from === m.to))
      problems.push(`migration "${m.name}" goes to ${m.to}, which is neither ${here} nor where another migration starts (a gap)`);
  }
  for (const m of migrations) {
    const seen = new Set([m.from]);
    for (let at = m.to; !isCurrent(at);) {
      if (seen.has(at)) {
        problems.push(`migration "${m.name}" leads back to ${at} (a cycle)`);
        break;
      }
      seen.add(at);
      const next = migrations.find((n) => n.from === at);
      if (next === undefined) break;
      at = next.to;
    }
  }
  if (problems.length > 0)
    throw new WeftError('MIGRATION_CHAIN', `the migrations of ${here} do not chain to it:\n${[...new Set(problems)].join('\n')}`, {
      details: { problems },
    });
}

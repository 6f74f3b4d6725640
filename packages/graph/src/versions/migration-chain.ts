import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { Migration } from '../spec/migration.ts';

/** A graph version as a thread records it: the structure hash, and the label when the store kept one. */
export interface ThreadVersion {
  hash: string;
  version?: string | undefined;
}

/**
 * The migrations that take a thread written by `from` to this graph, in
 * order, or undefined when the registered ones do not start at its version
 * (by hash or by label). compile() checked that chains have no gap or cycle.
 *
 * @example
 * migrationChain(plan, { hash: record.hash, version: 'v1' }); // [v1 -> v2, v2 -> v3]
 */
export function migrationChain(plan: Pick<ExecutionPlan, 'hash' | 'version' | 'migrations'>, from: ThreadVersion): Migration[] | undefined {
  const starts = (m: Migration, at: ThreadVersion) => m.from === at.hash || (at.version !== undefined && m.from === at.version);
  const first = plan.migrations.find((m) => starts(m, from));
  if (first === undefined) return undefined;
  const chain = [first];
  const isCurrent = (v: string) => v === plan.hash || v === plan.version;
  for (let at = first.to; !isCurrent(at);) {
    const next = plan.migrations.find((m) => m.from === at);
    if (next === undefined || chain.includes(next)) return undefined;
    chain.push(next);
    at = next.to;
  }
  return chain;
}

import type { MemoryBank, ScoredItem } from '@weft/memory';
import { AgentError } from '../errors.ts';
import type { MemoryActivity } from './memory-activity.ts';
import type { MemoryNamespace, MemoryScope } from './memory-scope.ts';

/** A thread-scoped recall asks for this many times `k`, so that leaving out other branches' writes still leaves `k`. */
const BRANCH_HEADROOM = 3;

/**
 * The namespace a call uses: the fixed one or the one made from session
 * values, with the thread appended for thread scope. A function that returns
 * something other than a list of strings is a typed error naming the caller.
 */
export function scopedNamespace(
  namespace: MemoryNamespace,
  scope: MemoryScope,
  session: Readonly<Record<string, unknown>>,
  threadId: string | undefined,
  where: string,
): string[] {
  const base = typeof namespace === 'function' ? namespace(session) : namespace;
  if (!Array.isArray(base) || !base.every((s) => typeof s === 'string'))
    throw new AgentError(
      'INVALID_ARGUMENT',
      `${where}: the namespace must be a list of strings (the function returned ${JSON.stringify(base)})`,
    );
  if (scope === 'shared') return [...base];
  if (threadId === undefined)
    throw new AgentError(
      'INVALID_ARGUMENT',
      `${where}: scope 'thread' needs a thread: run the agent with a store (Runner({ store })), or use scope 'shared'`,
    );
  return [...base, threadId];
}

/**
 * One search of the bank for a recall, and the `memory` activity that shows
 * it. Thread scope keeps items written by no agent (an app's own puts) and
 * those whose write this branch made (`wrote`), and counts the others.
 */
export async function recallItems(
  bank: MemoryBank,
  namespace: string[],
  o: {
    query: string;
    k: number;
    minScore: number | undefined;
    scope: MemoryScope;
    wrote: (writeId: string) => boolean;
    signal: AbortSignal;
  },
): Promise<{ items: ScoredItem[]; activity: Extract<MemoryActivity, { kind: 'recall' }> }> {
  const limit = o.scope === 'thread' ? Math.min(100, o.k * BRANCH_HEADROOM) : o.k;
  const found = await bank.search(namespace, {
    query: o.query,
    limit,
    ...(o.minScore !== undefined ? { minScore: o.minScore } : {}),
    signal: o.signal,
  });
  const live = o.scope === 'thread' ? found.items.filter((i) => i.origin?.writeId === undefined || o.wrote(i.origin.writeId)) : found.items;
  const items = live.slice(0, o.k);
  const activity: Extract<MemoryActivity, { kind: 'recall' }> = {
    kind: 'recall',
    namespace,
    query: o.query,
    mode: found.mode,
    items: items.map((i) => ({ namespace: i.namespace, key: i.key, score: i.score })),
  };
  if (found.fallback !== undefined) activity.fallback = found.fallback;
  if (live.length < found.items.length) activity.otherBranches = found.items.length - live.length;
  return { items, activity };
}

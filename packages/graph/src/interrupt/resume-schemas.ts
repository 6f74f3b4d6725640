import type { StandardSchemaV1 } from '../schema/standard-schema.ts';

/**
 * The live resume schemas of this process, by interrupt site: the compiled
 * node (the plan's node object, so each compiled graph has its own) and the
 * index of the `interrupt()` call within it. `interrupt(info, { resume })`
 * records its schema here when it runs; `resume()` looks the pending
 * interrupts up here and refuses a value that does not match before any node
 * runs. A process that has not run the node yet (a new process resuming a
 * thread another one interrupted) finds nothing here: there the value is
 * checked when the node runs again and `interrupt()` returns it (see
 * interrupt.ts). Keyed weakly: a compiled graph that is dropped takes its
 * schemas with it; sites are few (nodes × calls), whatever the threads.
 */
const bySite = new WeakMap<object, Map<number, StandardSchemaV1>>();

export function rememberResumeSchema(site: object, index: number, schema: StandardSchemaV1): void {
  let calls = bySite.get(site);
  if (!calls) bySite.set(site, (calls = new Map()));
  if (calls.get(index) !== schema) calls.set(index, schema);
}

/** The schema for the interrupt `id` raised at `address` by `site`, if this process has seen that call run. */
export function resumeSchemaFor(site: object, address: string, id: string): StandardSchemaV1 | undefined {
  const calls = bySite.get(site);
  if (!calls) return undefined;
  for (const [index, schema] of calls) if (`${address}#${index}` === id) return schema;
  return undefined;
}

import { SqliteStore } from '@weft/store-sqlite';
import { FIXTURES } from './spawn-weft.ts';

/**
 * A resume of the expense graph's thread that gives the approval, writes its
 * first checkpoint, then loses the store (as a process that dies there
 * would): the thread's head carries the value, not yet used.
 */
export async function resumeThatStopsAtOnce(file: string, threadId: string): Promise<void> {
  class StoreThatFails extends SqliteStore {
    #puts = 0;
    override putSync(entry: Parameters<SqliteStore['putSync']>[0]): void {
      if (++this.#puts > 1) throw new Error('the disk went away');
      super.putSync(entry);
    }
    override async put(entry: Parameters<SqliteStore['putSync']>[0]): Promise<void> {
      this.putSync(entry);
    }
  }
  const store = new StoreThatFails({ path: file });
  const { graph } = (await import(`${FIXTURES}expense-graph.ts`)) as typeof import('../test-fixtures/expense-graph.ts');
  const run = graph.withStore(store).resume({ threadId, resume: { 'approve#0': { approved: true } } });
  run.subscribe({ error: () => {} });
  const { status } = await run;
  await store.close();
  if (status !== 'error') throw new Error(`the resume ended ${status}, not error`);
}

/**
 * One of two processes migrating the same thread to v2 of the refund flow.
 * Prints "ready" once its store is open and waits for a "go" line on stdin.
 * With `hold`, its store stops where the migrated checkpoint is written
 * (at the graph's description, stored first) — the lease taken, the
 * migration applied — prints "holding" and waits for a
 * "continue" line: so the other process tries while this one migrates.
 * Prints its outcome as one JSON line ({"outcome":"migrated"} or
 * {"code":"THREAD_BUSY"}) and exits.
 *
 *   node --import tsx test-support/migrate-child.ts <dbfile> <threadId> <name> hold|plain
 */
import { createInterface } from 'node:readline';
import type { StoredGraph } from '@weft/checkpoint';
import { SqliteStore } from '../src/sqlite-store.ts';
import { askToReview, v2 } from './refund-flows.ts';

const [dbFile, threadId, name, mode] = process.argv.slice(2);
if (!dbFile || !threadId || !name || (mode !== 'hold' && mode !== 'plain'))
  throw new Error('usage: migrate-child.ts <dbfile> <threadId> <name> hold|plain');
const input = createInterface({ input: process.stdin });
const lines = input[Symbol.asyncIterator]();
const waitFor = async (line: string) => {
  while ((await lines.next()).value !== line);
};

/** A store that, in `hold` mode, waits at its first putGraph until told to go on. */
class HoldingStore extends SqliteStore {
  #held = mode === 'plain';
  override async putGraph(graph: StoredGraph): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      process.stdout.write('holding\n');
      await waitFor('continue');
    }
    return super.putGraph(graph);
  }
}

const store = new HoldingStore({ path: dbFile });
const next = v2({ store, migrations: [askToReview] });
process.stdout.write('ready\n');
await waitFor('go');
try {
  const result = await next.migrateThread(threadId, { holder: name });
  process.stdout.write(`${JSON.stringify({ outcome: result.outcome })}\n`);
} catch (err) {
  process.stdout.write(`${JSON.stringify({ code: (err as { code?: unknown }).code ?? String(err) })}\n`);
}
await store.close();
input.close();

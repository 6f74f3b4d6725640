import { readFileSync } from 'node:fs';
import { decodeCheckpoint, importThread, MemoryStore, type CheckpointStore, type MigrationStatus } from '@weft/graph';
import type { LoadedModule } from '../load-module.ts';
import { migrateTarget } from './migrate-target.ts';
import type { VersionName } from './plan-threads.ts';

/** What `weft migrate test` found for one fixture file. */
export interface FixtureResult {
  file: string;
  threadId: string | null;
  from: VersionName | undefined;
  check: MigrationStatus | 'unreadable';
  /** passed: the thread can continue (and, given answers, did); blocked: see reasons; failed: see error. */
  outcome: 'passed' | 'blocked' | 'failed';
  /** How far it went: migrated, the resume's status, or resumable at its interrupts. */
  steps: string[];
  migrations: string[];
  reasons: string[];
  error: { code: string; message: string } | null;
}

const errorOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return { code: typeof code === 'string' ? code : 'ERROR', message: err instanceof Error ? err.message : String(err) };
};

/**
 * Imports one thread fixture (exportThread's JSON) into a store of its own,
 * in memory, and continues it with the module's graph as a deploy would:
 * judged (a blocked thread fails the test), migrated when migrations apply,
 * then resumed with the fixture's `answers` (by the ids of the fixture's
 * own interrupts) when it has them. Without
 * answers, a thread paused at interrupts passes once it was judged (and
 * migrated) without error, and a finished one is left as it is; a thread
 * that stopped running or failing is resumed without values.
 */
export async function testFixture(loaded: LoadedModule, file: string, name: string): Promise<FixtureResult> {
  const result: FixtureResult = {
    file: name,
    threadId: null,
    from: undefined,
    check: 'unreadable',
    outcome: 'failed',
    steps: [],
    migrations: [],
    reasons: [],
    error: null,
  };
  try {
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as { answers?: unknown };
    const store = new MemoryStore();
    const imported = await importThread(store, fixture);
    result.threadId = imported.threadId;
    const target = await migrateTarget(loaded, store);
    const check = await target.graph.checkThread(imported.threadId);
    Object.assign(result, { from: check.from, check: check.status, migrations: check.migrations, reasons: check.reasons });
    if (check.status === 'blocked') return { ...result, outcome: 'blocked' };
    let head = imported.headId;
    if (check.status === 'needs-migration') {
      const migrated = await target.graph.migrateThread(imported.threadId);
      if (migrated.outcome !== 'migrated') return { ...result, outcome: 'blocked' };
      head = migrated.checkpointId;
      result.steps.push(`migrated (${check.migrations.join(' → ')})`);
    }
    const answers = fixture.answers;
    if (answers !== undefined && (answers === null || typeof answers !== 'object' || Array.isArray(answers)))
      throw Object.assign(new Error('the fixture\'s "answers" must be an object of interrupt id to value'), { code: 'INVALID_ARGUMENT' });
    const status = (await store.get(imported.threadId))!.status;
    if (answers === undefined && status === 'interrupted')
      return { ...result, outcome: 'passed', steps: [...result.steps, 'resumable at its interrupts'] };
    if (answers === undefined && status === 'done') return { ...result, outcome: 'passed', steps: [...result.steps, 'done'] };
    const given = answers === undefined ? undefined : await renamedAnswers(store, imported, head, answers as Record<string, unknown>);
    const resume = given === undefined ? {} : { resume: given };
    const run =
      target.kind === 'agent'
        ? await target.resume(imported.threadId, head, resume)
        : await target.resume({ threadId: imported.threadId, ...resume });
    if (run.status === 'error') return { ...result, steps: [...result.steps, 'resumed: error'], error: errorOf(run.error) };
    return { ...result, outcome: 'passed', steps: [...result.steps, `resumed: ${run.status}`] };
  } catch (err) {
    return { ...result, outcome: 'failed', error: errorOf(err) };
  }
}

/**
 * The fixture's answers by the ids of the interrupts of the head they now
 * answer: a migration that moves an interrupt's address gives it another id,
 * and the n-th pending interrupt of the migrated head is the n-th of the old
 * one (as a resume that migrates first maps them).
 */
async function renamedAnswers(
  store: CheckpointStore,
  imported: { threadId: string; headId: string },
  head: string,
  answers: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (head === imported.headId) return answers;
  const interrupts = async (id: string) => decodeCheckpoint((await store.get(imported.threadId, id))!.bytes, id).interrupts;
  const [before, after] = [await interrupts(imported.headId), await interrupts(head)];
  const renamed = new Map(before.map((i, n) => [i.id, after[n]?.id ?? i.id] as const));
  return Object.fromEntries(Object.entries(answers).map(([id, value]) => [renamed.get(id) ?? id, value]));
}

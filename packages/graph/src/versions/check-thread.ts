import { type CheckpointStore, checkThreadId } from '@weft/checkpoint';
import { loadCheckpoint } from '../checkpoint/load-checkpoint.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { judgeThread, type MigrationCheck } from './migration-check.ts';
import { storedGraphJson } from './stored-graph-json.ts';

/**
 * Judges a stored thread's head against this graph (see `judgeThread`),
 * reading it whatever version wrote it, and the description of that version
 * when the store kept it. Reads only: the thread is not claimed or changed.
 */
export async function checkThread(store: CheckpointStore, plan: ExecutionPlan, threadId: string): Promise<MigrationCheck> {
  checkThreadId(threadId, 'checkThread()');
  const { record, state } = await loadCheckpoint(store, plan, threadId, undefined, undefined, true);
  return judgeThread(plan, record, state, await storedGraphJson(store, record));
}

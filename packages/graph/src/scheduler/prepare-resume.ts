import { produceWithPatches, type Draft, type Patch } from 'immer';
import { CheckpointWriter } from '../checkpoint/checkpoint-writer.ts';
import { loadCheckpoint } from '../checkpoint/load-checkpoint.ts';
import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import { WeftError } from '../errors.ts';
import { cursorToBody, restoreCursor } from './cursor-record.ts';
import type { Cursor } from './cursor.ts';
import type { Prepared } from './start-run.ts';

export interface ResumeOptions<S = unknown> {
  threadId: string;
  /** Default: the thread's latest checkpoint. Resuming an older one forks the thread. */
  checkpointId?: string;
  /** Values for pending interrupts, by interrupt id. */
  resume?: Record<string, unknown>;
  /** Restart at this node instead of the checkpoint's frontier (time travel). */
  goto?: string;
  /** The input for `goto`'s node. */
  input?: unknown;
  /** A change to the checkpoint's state before continuing. */
  update?: (draft: Draft<S>) => void;
  signal?: AbortSignal;
  /** Replaces the saved run context. */
  context?: Record<string, unknown>;
  /** Appends the run's events to this JSONL file (see RunOptions.record). */
  record?: string;
}

/**
 * Loads the checkpoint, checks the request against it, and claims the thread by
 * writing the first checkpoint of the continuation (an expected-version write:
 * a second resume racing this one fails there, before any node runs).
 */
export async function prepareResume(plan: ExecutionPlan, o: ResumeOptions<any>): Promise<Prepared> {
  const store = plan.store;
  if (!store)
    throw new WeftError('STORE_REQUIRED', `graph "${plan.name}" was compiled without a store; pass compile({ store }) to resume runs`);
  checkArgs(o);
  const head = await store.get(o.threadId);
  if (!head)
    throw new WeftError('THREAD_NOT_FOUND', `thread "${o.threadId}" has no checkpoints; start it with run()`, {
      details: { threadId: o.threadId },
    });
  const loaded = await loadCheckpoint(store, plan, o.threadId, o.checkpointId);
  const { record } = loaded;
  const values = new Map<string, unknown>([...(record.resumeValues ?? []), ...Object.entries(o.resume ?? {})]);
  const pending = new Set(record.interrupts.map((i) => i.id));
  const unknown = Object.keys(o.resume ?? {}).filter((id) => !pending.has(id));
  if (unknown.length) {
    throw new WeftError(
      'UNKNOWN_INTERRUPT',
      `checkpoint "${record.id}" has no pending interrupt ${unknown.map((u) => `"${u}"`).join(', ')}; pending: ${[...pending].map((p) => `"${p}"`).join(', ') || 'none'}`,
      { details: { unknown, pending: [...pending] } },
    );
  }
  let cursor: Cursor;
  if (o.goto !== undefined) {
    const node = plan.byName.get(o.goto);
    if (!node || node.index < 0) {
      throw new WeftError(
        'INVALID_ARGUMENT',
        `goto "${o.goto}" is not a node of graph "${plan.name}" (nodes: ${plan.nodes.map((n) => n.name).join(', ')})`,
      );
    }
    cursor = {
      step: record.step,
      state: loaded.state,
      frontier: [{ node, input: o.input, resume: undefined, sub: undefined, interrupts: undefined }],
      joins: new Map(),
      skips: new Map(),
      pending: new Map(),
      ended: false,
      output: undefined,
    };
  } else {
    if (record.status === 'done') {
      throw new WeftError('NOTHING_TO_RESUME', `checkpoint "${record.id}" is the end of a finished run; pass goto to restart at a node`);
    }
    if (record.status === 'interrupted' && !record.interrupts.some((i) => values.has(i.id)) && !o.update) {
      throw new WeftError(
        'NOTHING_TO_RESUME',
        `checkpoint "${record.id}" waits on interrupts ${[...pending].map((p) => `"${p}"`).join(', ')}; pass resume: { [id]: value }`,
        {
          details: { pending: [...pending] },
        },
      );
    }
    cursor = restoreCursor(plan, record, loaded.state, '');
  }
  let patches: Patch[] = [];
  if (o.update) [cursor.state, patches] = produceWithPatches(cursor.state, o.update);
  const context = o.context ? { ...o.context } : { ...record.context };
  const writer = new CheckpointWriter(store, plan, o.threadId, plan.snapshotEvery, {
    ...loaded.chain,
    seq: head.seq,
    deltaBytes: 0,
    snapshotBytes: Infinity,
  });
  const body = cursorToBody(cursor, 'running', o.goto !== undefined || o.update ? 'fork' : 'resume', context);
  if (values.size) body.resumeValues = [...values];
  const { written, stored } = writer.write(body, cursor.state, patches);
  if (stored) await stored;
  return { cursor, writer, initial: written, threadId: o.threadId, context, resumeValues: values, resumedFrom: record.id, input: o.input };
}

function checkArgs(o: ResumeOptions): void {
  const bad = (msg: string) => new WeftError('INVALID_ARGUMENT', `resume(): ${msg}`);
  if (o === null || typeof o !== 'object') throw bad('pass an options object: resume({ threadId, resume })');
  if (typeof o.threadId !== 'string' || !o.threadId) throw bad('threadId must be a non-empty string');
  if (o.checkpointId !== undefined && typeof o.checkpointId !== 'string') throw bad('checkpointId must be a string');
  if (o.resume !== undefined && (o.resume === null || typeof o.resume !== 'object' || Array.isArray(o.resume))) {
    throw bad('resume must be an object mapping interrupt ids to values');
  }
  if (o.goto !== undefined && typeof o.goto !== 'string') throw bad('goto must be a node name');
  if (o.update !== undefined && typeof o.update !== 'function') throw bad('update must be a function (an immer recipe)');
  if (o.record !== undefined && (typeof o.record !== 'string' || !o.record)) throw bad('record must be a file path');
}

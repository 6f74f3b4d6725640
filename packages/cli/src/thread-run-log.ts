import { isDeepStrictEqual } from 'node:util';
import { RUN_LOG_VERSION, type CheckpointEntry, type CheckpointView, type GraphEvent, type GraphJSON, type RunLogLine } from '@weft/graph';
import { decodeEntry } from './decode-entry.ts';

type Patch = Extract<GraphEvent, { type: 'state.patch' }>['patches'][number];
type Event = GraphEvent extends infer E ? (E extends GraphEvent ? Omit<E, 'runId' | 'threadId' | 'ts' | 'path'> : never) : never;

/**
 * A run log rebuilt from a thread's checkpoints, for the HTML replay of a
 * thread that was not recorded with `--record`. Each run of the thread (its
 * first run, then each resume or fork: a checkpoint whose source is not
 * `step`) becomes a run of the log, and each checkpoint the events that
 * explain it: the step that wrote it started its parent's frontier, changed
 * the state (the checkpoint's own patches, or for a full snapshot the
 * top-level keys that differ from the parent's state), wrote the checkpoint,
 * and ended (a `step.end` when the checkpoint counts it completed) or
 * stopped at its interrupts or its error. The replay names each step by the
 * checkpoint it wrote (`seq S, step N`) as `weft history` lists it. What checkpoints do not keep —
 * node outputs, streamed chunks, agents' messages — is not in it.
 *
 * `views` and `entries` are the same checkpoints, oldest first: the views
 * carry the rebuilt states, the entries the sizes and stored patches.
 */
export function threadRunLog(graph: GraphJSON, views: readonly CheckpointView[], entries: readonly CheckpointEntry[]): RunLogLine[] {
  const lines: RunLogLine[] = [];
  const byId = new Map(views.map((v) => [v.id, v]));
  const entryOf = new Map(entries.map((e) => [e.id, e]));
  let runId = '';
  // The last checkpoint, and the step its events were given: the run ends on that step.
  let last: { cp: CheckpointView; step: number } | undefined;
  const push = (cp: CheckpointView, event: Event): void =>
    void lines.push({ ...event, runId, threadId: cp.threadId, path: [], ts: cp.createdAt } as GraphEvent);
  for (const cp of views) {
    const parent = cp.parentId === null ? undefined : byId.get(cp.parentId);
    const entry = entryOf.get(cp.id);
    if (cp.source !== 'step' || runId === '') {
      if (last) endRun(last.cp, last.step, push);
      runId = `checkpoint:${cp.id}`;
      lines.push({ type: 'run.log', version: RUN_LOG_VERSION, graph, ts: cp.createdAt });
      const input = cp.source === 'input' ? cp.frontier[0]?.input : undefined;
      const resumedFrom = cp.source === 'input' ? undefined : (cp.parentId ?? undefined);
      push(cp, { type: 'run.start', graph: graph.name, input, resumedFrom, step: cp.step });
    }
    // The step that wrote a `step` checkpoint is the one after its parent's: an interrupted one did not complete.
    const step = cp.source === 'step' && parent ? parent.step + 1 : cp.step;
    if (cp.source === 'step' && parent) {
      const nodes = [...new Set(parent.frontier.map((t) => t.node))];
      push(cp, { type: 'step.start', nodes, step });
      for (const t of parent.frontier) push(cp, { type: 'node.start', node: t.node, key: t.key, input: t.input, attempt: 1, step });
    }
    const decoded = entry && decodeEntry(entry);
    const stored = decoded && 'record' in decoded ? decoded.record.state : undefined;
    const patches = stored && 'patches' in stored ? stored.patches : changedKeys(parent?.state, cp.state);
    if (patches.length > 0) push(cp, { type: 'state.patch', patches, step });
    const bytes = entry?.bytes.byteLength ?? 0;
    push(cp, {
      type: 'checkpoint.write',
      checkpointId: cp.id,
      seq: cp.seq,
      bytes,
      snapshot: stored !== undefined && 'full' in stored,
      step,
    });
    // The checkpoint counts its step completed: the step ended (an interrupted or failed one did not).
    if (cp.source === 'step' && parent && cp.step === step)
      push(cp, { type: 'step.end', nodes: [...new Set(parent.frontier.map((t) => t.node))], step });
    if (cp.status === 'interrupted' && cp.interrupts.length > 0) push(cp, { type: 'interrupt', interrupts: cp.interrupts, step });
    if (cp.status === 'error' && cp.error) push(cp, { type: 'error', node: undefined, error: cp.error, step });
    last = { cp, step };
  }
  if (last) endRun(last.cp, last.step, push);
  return lines;
}

/**
 * A run ends with its last checkpoint's status, on the step that wrote it (as a recorded run.end is: an
 * interrupted step 2 ends the run on step 2, though its checkpoint counts 1 step completed). One that was
 * still running (a crash) has no end.
 */
function endRun(cp: CheckpointView, step: number, push: (cp: CheckpointView, event: Event) => void): void {
  if (cp.status === 'running') return;
  push(cp, { type: 'run.end', status: cp.status, output: cp.output, step });
}

/** For a full snapshot: the top-level keys whose values differ from the parent's state. */
function changedKeys(before: unknown, after: unknown): Patch[] {
  if (before === undefined || isDeepStrictEqual(before, after)) return [];
  if (!isRecord(before) || !isRecord(after)) return [{ op: 'replace', path: [], value: after }];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].flatMap((key): Patch[] => {
    if (!(key in after)) return [{ op: 'remove', path: [key] }];
    if (!(key in before)) return [{ op: 'add', path: [key], value: after[key] }];
    return isDeepStrictEqual(before[key], after[key]) ? [] : [{ op: 'replace', path: [key], value: after[key] }];
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

import { decodeCheckpoint, type AnyCompiledGraph, type CheckpointEntry, type CheckpointRecord, type CheckpointStore } from '@weft/graph';
import { errorCause, type ErrorCause } from '../events/error-cause.ts';
import { jsonSafe } from '../events/json-safe.ts';
import type { TranscriptItem, TranscriptResponse } from '../api/transcript-schema.ts';

/** What a transcript is read from. */
export interface TranscriptSource {
  kind: 'agent' | 'graph';
  graph: AnyCompiledGraph;
  store: CheckpointStore;
  /** The id of the stream event after which the thread's live events are newer than `checkpointId` (see ThreadChannels.eventAfter). */
  eventAfter: (threadId: string, checkpointId: string) => string | undefined;
  /** A value as the answer carries it (ThreadChannels.safe: content parts' bytes kept and said by hash); default jsonSafe. */
  safe?: (value: unknown) => unknown;
}

/** A recorded agent event as the agent's state keeps it (see @weft/agents' RecordedEvent). */
interface Recorded {
  agentName: string;
  message: { role: string; content: unknown };
  transfer?: boolean;
}

/** Something of the line the messages do not hold, and how many messages came before it (agents). */
interface Marked {
  at: number;
  item: TranscriptItem;
}

/**
 * A thread's whole conversation, every run of it, read from its checkpoints:
 * for an agent, the messages its latest state recorded (every run's query
 * and every agent's messages, in order) with the interrupts (and the answers
 * their resumes gave) and errors of the checkpoints on the line to the head
 * placed among them; for a graph, each run's input and output with its
 * interrupts and errors. For an agent only the checkpoints that interrupted
 * or failed (and the resumes after them) are decoded, and have their state
 * rebuilt to count the messages before them: the answer costs one state per
 * such checkpoint, not one per step. Branches left by a fork are
 * not on the line and not in it.
 */
export async function threadTranscript(source: TranscriptSource, threadId: string): Promise<TranscriptResponse> {
  const head = await source.graph.getState(threadId);
  const line = await lineTo(source.store, threadId, head.id);
  const marks: Marked[] = [];
  const interrupts = new Map<string, Extract<TranscriptItem, { type: 'interrupt' }>>();
  for (const [i, entry] of line.entries()) {
    const marked = entry.status === 'interrupted' || entry.status === 'error';
    if (!marked && source.kind === 'agent') continue;
    const record = decode(entry);
    const at = source.kind === 'agent' ? await messagesAt(source.graph, threadId, entry.id) : 0;
    const mark = (item: TranscriptItem) => marks.push({ at, item });
    if (record.source === 'input' && source.kind === 'graph') mark({ type: 'input', value: jsonSafe(record.frontier[0]?.input) });
    const resumed = entry.status === 'interrupted' ? resumeValuesAfter(line[i + 1]) : new Map<string, unknown>();
    for (const interrupt of record.interrupts) {
      const known = interrupts.get(interrupt.id);
      const item = known ?? { type: 'interrupt' as const, interrupt: jsonSafe(interrupt) as typeof interrupt, answered: false };
      if (resumed.has(interrupt.id)) Object.assign(item, { answered: true, answer: jsonSafe(resumed.get(interrupt.id)) });
      if (known) continue;
      interrupts.set(interrupt.id, item);
      mark(item);
    }
    if (entry.status === 'error' && record.error) mark({ type: 'error', error: errorOf(record.error) });
    if (entry.status === 'done') mark({ type: 'output', value: jsonSafe(record.output) });
  }
  const messages = source.kind === 'agent' ? mainLane(head.state) : [];
  return {
    threadId,
    checkpointId: head.id,
    status: head.status,
    after: source.eventAfter(threadId, head.id) ?? null,
    items: merge(messages, marks, source.safe ?? jsonSafe),
  };
}

/** The checkpoints from the thread's first (or the oldest one kept) to `headId`, following parents: the line, oldest first. */
async function lineTo(store: CheckpointStore, threadId: string, headId: string): Promise<CheckpointEntry[]> {
  const byId = new Map((await store.list(threadId)).map((e) => [e.id, e]));
  const line: CheckpointEntry[] = [];
  for (let e = byId.get(headId); e; e = e.parentId === null ? undefined : byId.get(e.parentId)) line.push(e);
  return line.reverse();
}

function decode(entry: CheckpointEntry): CheckpointRecord {
  return decodeCheckpoint(entry.bytes, `thread "${entry.threadId}" checkpoint "${entry.id}"`);
}

/** The answers the checkpoint after an interrupted one was resumed with (none when the line went on otherwise). */
function resumeValuesAfter(next: CheckpointEntry | undefined): Map<string, unknown> {
  if (!next) return new Map();
  return new Map(decode(next).resumeValues ?? []);
}

/** How many messages the agent's history held at a checkpoint. */
async function messagesAt(graph: AnyCompiledGraph, threadId: string, checkpointId: string): Promise<number> {
  return mainLane((await graph.getState(threadId, checkpointId)).state).length;
}

/** The main lane's recorded messages of an agent's state, in order. */
function mainLane(state: unknown): Recorded[] {
  const lanes = (state as { lanes?: Record<string, { events?: Recorded[][] }> } | undefined)?.lanes;
  const out: Recorded[] = [];
  for (const chunk of lanes?.['main']?.events ?? []) for (const event of chunk) out.push(event);
  return out;
}

function errorOf(error: { code: string; message: string }): { code: string; message: string; cause?: ErrorCause } {
  const cause = errorCause(error);
  return { code: error.code, message: error.message, ...(cause ? { cause } : {}) };
}

/** The messages with the marks placed among them: a mark at n comes after the first n messages. */
function merge(messages: Recorded[], marks: Marked[], safe: (value: unknown) => unknown): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  let next = 0;
  for (const { at, item } of marks) {
    for (; next < Math.min(at, messages.length); next++) items.push(messageItem(messages[next]!, safe));
    items.push(item);
  }
  for (; next < messages.length; next++) items.push(messageItem(messages[next]!, safe));
  return items;
}

function messageItem(r: Recorded, safe: (value: unknown) => unknown): TranscriptItem {
  return {
    type: 'message',
    agentName: r.agentName,
    message: safe(r.message) as Recorded['message'],
    ...(r.transfer ? { transfer: true } : {}),
  };
}

import { ContentStore } from '../content/content-store.ts';
import type { RunEndData, RunStartData, StudioEvent, StudioEventKind } from './studio-event.ts';

/** A listener of one thread's events. */
export type EventListener = (event: StudioEvent) => void;

/** One run's events as the server keeps them. */
interface RunLog {
  runId: string;
  events: StudioEvent[];
  ended: boolean;
}

interface Channel {
  current: RunLog | undefined;
  listeners: Set<EventListener>;
  /** When the channel last changed (for dropping old ones). */
  touched: number;
}

/** Ended threads whose last run's events are kept for late readers; beyond this, the least recently used go. */
const KEPT_THREADS = 500;
/** Events kept per run; a run that sends more keeps its first ones and its end (a page showing it would not keep up anyway). */
const KEPT_EVENTS = 20_000;

/**
 * The live side of the studio: each thread's latest run in this server, its
 * events kept from its start so that a client connecting late, or
 * reconnecting with `Last-Event-ID`, gets every event once, in order, and
 * several clients of one thread see the same events.
 */
export class ThreadChannels {
  readonly #channels = new Map<string, Channel>();

  /** `content`: where the parts' bytes the events carry are kept (see ContentStore); default 64 MiB of them. */
  constructor(readonly content: ContentStore = new ContentStore(64 * 1024 * 1024)) {}

  /** A value as an event of the thread carries it: jsonSafe, its content parts' bytes kept and said by hash. */
  safe(threadId: string, value: unknown): unknown {
    return this.content.safe(threadId, value);
  }

  /** Starts a thread's new run: its `run` event opens the run's log. */
  begin(start: RunStartData): void {
    const channel = this.#channel(start.threadId);
    channel.current = { runId: start.runId, events: [], ended: false };
    this.#emit(channel, 'run', start);
    this.#trim();
  }

  /** An event of the thread's current run. */
  push(threadId: string, event: Exclude<StudioEventKind, 'run' | 'end'>, data: unknown): void {
    const channel = this.#channels.get(threadId);
    if (!channel?.current || channel.current.ended) return;
    if (channel.current.events.length >= KEPT_EVENTS) return;
    this.#emit(channel, event, data);
  }

  /** The run's last event. */
  end(end: RunEndData): void {
    const channel = this.#channels.get(end.threadId);
    if (!channel?.current || channel.current.runId !== end.runId || channel.current.ended) return;
    this.#emit(channel, 'end', end);
    channel.current.ended = true;
  }

  /** Whether a run of the thread is under way in this server. */
  running(threadId: string): boolean {
    const current = this.#channels.get(threadId)?.current;
    return current !== undefined && !current.ended;
  }

  /** The run under way (or last run) of a thread in this server. */
  currentRun(threadId: string): string | undefined {
    return this.#channels.get(threadId)?.current?.runId;
  }

  /**
   * The id of the event after which the thread's kept events are newer than
   * its checkpoint `checkpointId`: that checkpoint's `checkpoint.write`; the
   * run's end when the run ended without writing it (it is older); none when
   * a run under way has not written it (it came before the run).
   */
  eventAfter(threadId: string, checkpointId: string): string | undefined {
    const run = this.#channels.get(threadId)?.current;
    if (!run) return undefined;
    const write = run.events.find((e) => e.event === 'graph' && writes(e.data, checkpointId));
    return write?.id ?? (run.ended ? run.events.at(-1)?.id : undefined);
  }

  /**
   * Replays the thread's current run (from after `lastEventId` when it names
   * an event of that run, else from its start) and then follows the thread:
   * its later runs too. Returns the unsubscribe.
   */
  subscribe(threadId: string, lastEventId: string | undefined, listener: EventListener): () => void {
    const channel = this.#channel(threadId);
    for (const event of replay(channel.current, lastEventId)) listener(event);
    channel.listeners.add(listener);
    return () => void channel.listeners.delete(listener);
  }

  #emit(channel: Channel, kind: StudioEventKind, data: unknown): void {
    const run = channel.current!;
    const event: StudioEvent = { id: `${run.runId}.${run.events.length}`, event: kind, data };
    run.events.push(event);
    channel.touched = Date.now();
    for (const listener of channel.listeners) listener(event);
  }

  #channel(threadId: string): Channel {
    let channel = this.#channels.get(threadId);
    if (!channel) this.#channels.set(threadId, (channel = { current: undefined, listeners: new Set(), touched: Date.now() }));
    return channel;
  }

  /** Drops the least recently used threads nobody watches and nothing runs on, past KEPT_THREADS. */
  #trim(): void {
    if (this.#channels.size <= KEPT_THREADS) return;
    const idle = [...this.#channels].filter(([, c]) => c.listeners.size === 0 && (!c.current || c.current.ended));
    idle.sort((a, b) => a[1].touched - b[1].touched);
    for (const [id] of idle.slice(0, this.#channels.size - KEPT_THREADS)) this.#channels.delete(id);
  }
}

function writes(data: unknown, checkpointId: string): boolean {
  const d = data as { type?: unknown; checkpointId?: unknown } | null;
  return d?.type === 'checkpoint.write' && d.checkpointId === checkpointId;
}

function replay(run: RunLog | undefined, lastEventId: string | undefined): StudioEvent[] {
  if (!run) return [];
  if (lastEventId === undefined) return run.events;
  const dot = lastEventId.lastIndexOf('.');
  const n = Number(lastEventId.slice(dot + 1));
  if (dot < 0 || lastEventId.slice(0, dot) !== run.runId || !Number.isInteger(n) || n < 0) return run.events;
  return run.events.slice(n + 1);
}

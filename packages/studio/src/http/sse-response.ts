import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { StudioEvent } from '../events/studio-event.ts';
import { FollowerQueue } from './follower-queue.ts';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
const PING = ': ping\n\n';

/** One event of a stream: a thread's (StudioEvent) or the served graph's. */
export interface SseEvent {
  id: string;
  event: string;
  data: unknown;
}

/** How a thread's events are streamed to one follower. */
export interface SseOptions<E extends SseEvent = StudioEvent> {
  /** The most bytes of events held for the follower while it does not read; past them it is dropped (see FollowerQueue). */
  maxBufferedBytes: number;
  /** The event after which the stream ends (default: none, it follows until the client goes). */
  last?: (event: E) => boolean;
}

/**
 * Answers with a thread's events as Server-Sent Events: `subscribe` replays
 * the events so far (written as the client takes them: the channel keeps them
 * anyway) and then hands over each new one, which waits in the follower's
 * byte-bounded queue until the client takes it. A follower whose queue
 * overflows is dropped: its stream ends and, under Node, its connection is
 * closed; it comes back with Last-Event-ID and misses nothing.
 */
export function sseResponse<E extends SseEvent = StudioEvent>(
  c: Context,
  subscribe: (listener: (event: E) => void) => () => void,
  options: SseOptions<E>,
): Response {
  c.header('X-Accel-Buffering', 'no');
  const last = options.last ?? (() => false);
  return streamSSE(c, async (stream) => {
    const queue = new FollowerQueue(options.maxBufferedBytes);
    const backlog: E[] = [];
    let replaying = true;
    let ending = false;
    let done = false;
    let wake: (() => void) | undefined;
    const drop = () => {
      done = true;
      stream.abort();
      closeConnection(c);
    };
    stream.onAbort(() => {
      done = true;
      wake?.();
    });
    const unsubscribe = subscribe((event) => {
      if (done || ending) return;
      if (last(event)) ending = true;
      if (replaying) backlog.push(event);
      else if (!queue.push(frameOf(event))) drop();
      wake?.();
    });
    replaying = false;
    const heartbeat = setInterval(() => {
      if (!queue.push(PING)) drop();
      wake?.();
    }, HEARTBEAT_MS);
    try {
      let next = 0;
      while (!done) {
        const frame = next < backlog.length ? frameOf(backlog[next++]!) : queue.shift();
        if (frame !== undefined) await stream.write(frame);
        else if (ending) break;
        else {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        }
      }
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
}

/** One event as its SSE frame (JSON never holds a raw line break, so `data` is one line). */
function frameOf(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\nid: ${event.id}\n\n`;
}

/**
 * Closes a dropped follower's connection when the server is Node's
 * (serveStudio, or any @hono/node-server: the response is `c.env.outgoing`):
 * ending the stream alone would leave a client that reads nothing holding its
 * socket and what is buffered in it. Elsewhere, ending the stream is all there is.
 */
function closeConnection(c: Context): void {
  const outgoing = (c.env as { outgoing?: { destroy?: unknown } } | undefined)?.outgoing;
  if (typeof outgoing?.destroy === 'function') (outgoing as { destroy(): void }).destroy();
}

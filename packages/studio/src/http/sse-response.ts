import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { StudioEvent } from '../events/studio-event.ts';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const HEARTBEAT_MS = 15_000;

/**
 * Answers with a thread's events as Server-Sent Events: `subscribe` replays
 * and then follows them; the stream ends when the client goes, or after the
 * event `last` says is the last one.
 */
export function sseResponse(
  c: Context,
  subscribe: (listener: (event: StudioEvent) => void) => () => void,
  last: (event: StudioEvent) => boolean = () => false,
): Response {
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: (StudioEvent | 'ping')[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    const push = (item: StudioEvent | 'ping') => {
      queue.push(item);
      wake?.();
    };
    stream.onAbort(() => {
      done = true;
      wake?.();
    });
    const unsubscribe = subscribe(push);
    const heartbeat = setInterval(() => push('ping'), HEARTBEAT_MS);
    try {
      while (!done) {
        const item = queue.shift();
        if (item === undefined) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
        } else if (item === 'ping') await stream.write(': ping\n\n');
        else {
          await stream.writeSSE({ id: item.id, event: item.event, data: JSON.stringify(item.data) });
          if (last(item)) done = true;
        }
      }
    } finally {
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
}

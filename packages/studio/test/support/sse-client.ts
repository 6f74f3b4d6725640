import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One SSE event as the test reads it, its data parsed. */
export interface ReadEvent {
  id: string | undefined;
  event: string | undefined;
  data: any;
}

/**
 * Reads an SSE response: `take(n)` resolves with the next n events (or fewer
 * when the stream ends), `close()` drops the connection as a browser tab would.
 */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const queue: ReadEvent[] = [];
  let ended = false;
  const parser = createParser({
    onEvent: (m: EventSourceMessage) => queue.push({ id: m.id, event: m.event, data: JSON.parse(m.data) }),
  });
  async function fill(): Promise<boolean> {
    const { value, done } = await reader.read();
    if (done) return !(ended = true);
    parser.feed(decoder.decode(value, { stream: true }));
    return true;
  }
  return {
    async take(n: number): Promise<ReadEvent[]> {
      while (queue.length < n && !ended) await fill();
      return queue.splice(0, n);
    },
    /** Events up to and including the first that `stop` accepts. */
    async until(stop: (e: ReadEvent) => boolean): Promise<ReadEvent[]> {
      const out: ReadEvent[] = [];
      for (;;) {
        while (queue.length === 0 && !ended) await fill();
        const e = queue.shift();
        if (!e) return out;
        out.push(e);
        if (stop(e)) return out;
      }
    },
    async rest(): Promise<ReadEvent[]> {
      while (!ended) await fill();
      return queue.splice(0);
    },
    close: () => reader.cancel().catch(() => {}),
  };
}

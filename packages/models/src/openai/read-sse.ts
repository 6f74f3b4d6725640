/**
 * Yields the data of each server-sent event in `body`, as the bytes arrive.
 *
 * Parsing follows the SSE spec through eventsource-parser: lines end with LF,
 * CRLF or a lone CR; an event is a run of lines ended by a blank line; its
 * `data` lines are joined with "\n" (one optional space after the colon is
 * dropped, and a `data` line without a colon adds an empty line). Comment lines
 * (`:` …) and other fields (`event:`, `id:`, `retry:`) are skipped, a byte-order
 * mark at the start of the stream is dropped. Events may be split across network
 * chunks (even inside a CRLF or a UTF-8 sequence), or several may share one; a
 * last event not followed by a blank line is still yielded when the body ends.
 * `onBytes` runs on every network chunk (the caller's idle timer).
 */
export async function* readSse(body: ReadableStream<Uint8Array>, onBytes: () => void = () => {}): AsyncGenerator<string> {
  // createParser rather than EventSourceParserStream: the stream variant drops an
  // unterminated last event and would hide the network chunks from onBytes.
  // Loaded by the first stream, not with the package: 2.6-3.8 ms of every process
  // importing @weft/models, most of which never read a server's events (node 20, 2-core VM).
  const { createParser } = await import('eventsource-parser');
  const reader = body.getReader();
  // TextDecoder drops the BOM (its default), also one split across chunks; the
  // parser's own BOM check looks for the undecoded bytes, so it cannot see it.
  const decoder = new TextDecoder();
  let parsed: string[] = [];
  const parser = createParser({ onEvent: (event) => parsed.push(event.data) });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        // The spec drops an event the body ends inside; servers that close right
        // after their last `data:` line mean it, so end its line and the event.
        parser.feed(`${decoder.decode()}\n\n`);
      } else {
        onBytes();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      const events = parsed;
      parsed = [];
      yield* events;
      if (done) return;
    }
  } finally {
    // Stopped early (break, error, [DONE]): let go of the connection.
    await reader.cancel().catch(() => {});
  }
}

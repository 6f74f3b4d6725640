/**
 * Yields the data of each server-sent event in `body`, as the bytes arrive.
 *
 * An event is a run of lines ended by a blank line; its `data:` lines are joined
 * with "\n" (one optional space after the colon is dropped). Comment lines
 * (`:` …) and other fields (`event:`, `id:`, `retry:`) are skipped. Events may
 * be split across network chunks, or several may share one; a last event not
 * followed by a blank line is still yielded when the body ends. `onBytes` runs
 * on every network chunk (the caller's idle timer).
 */
export async function* readSse(body: ReadableStream<Uint8Array>, onBytes: () => void = () => {}): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      if (!done) onBytes();
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        if (line === '') {
          if (data.length) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      if (done) {
        if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5).replace(/\r$/, ''));
        if (data.length) yield data.join('\n');
        return;
      }
    }
  } finally {
    // Stopped early (break, error, [DONE]): let go of the connection.
    await reader.cancel().catch(() => {});
  }
}

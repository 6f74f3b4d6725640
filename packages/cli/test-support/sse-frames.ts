/** One Server-Sent Event as the studio writes it: its `event:`, `id:` and `data:` (JSON) lines. */
export interface SseFrame {
  event: string;
  id: string;
  data: any;
}

/**
 * The complete frames of an SSE response as they come, until `stop` takes
 * one (then the stream is cancelled), the stream ends, or the server cuts the
 * connection (a dropped follower): what came before is returned either way.
 * A frame cut short by the connection's end is not one.
 */
export async function sseFrames(res: Response, stop: (frame: SseFrame) => boolean = () => false): Promise<SseFrame[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return frames;
      text += decoder.decode(value, { stream: true });
      const parts = text.split('\n\n');
      text = parts.pop()!;
      for (const part of parts) {
        const frame = parseFrame(part);
        if (!frame) continue;
        frames.push(frame);
        if (stop(frame)) {
          await reader.cancel();
          return frames;
        }
      }
    }
  } catch {
    // The server closed the connection in the middle of the stream.
    return frames;
  }
}

function parseFrame(part: string): SseFrame | undefined {
  const field = (name: string) =>
    part
      .split('\n')
      .find((line) => line.startsWith(`${name}: `))
      ?.slice(name.length + 2);
  const event = field('event');
  const id = field('id');
  const data = field('data');
  return event === undefined || id === undefined || data === undefined ? undefined : { event, id, data: JSON.parse(data) };
}

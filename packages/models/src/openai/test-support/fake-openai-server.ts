import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake server received, with its JSON body and arrival time. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  at: number;
}

/** Answers one request; the n-th request gets the n-th reply (the last one repeats). */
export type Reply = (res: ServerResponse, request: RecordedRequest) => void | Promise<void>;

export interface FakeOpenAIServer {
  /** e.g. `http://127.0.0.1:54321/v1` */
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 (random port) that plays `replies` in the Chat Completions wire format. */
export async function startFakeOpenAIServer(replies: readonly Reply[]): Promise<FakeOpenAIServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : {},
        at: Date.now(),
      };
      requests.push(request);
      const reply = replies[Math.min(requests.length, replies.length) - 1];
      Promise.resolve(reply?.(res, request)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

/** The SSE text of `events` (objects become JSON), ending with `data: [DONE]` unless `done` is false. */
export const sseText = (events: readonly unknown[], done = true): string =>
  [...events.map((e) => (typeof e === 'string' ? e : JSON.stringify(e))), ...(done ? ['[DONE]'] : [])]
    .map((d) => `data: ${d}\n\n`)
    .join('');

/** Streams `text` in pieces of `pieceSize` characters with a pause after each, so they reach the client as separate reads. */
export const sse =
  (text: string, pieceSize = Infinity, pauseMs = 2): Reply =>
  async (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (let i = 0; i < text.length; i += pieceSize) {
      await new Promise((resolve) => res.write(text.slice(i, i + pieceSize), resolve));
      if (pieceSize < text.length) await pause(pauseMs);
    }
    res.end();
  };

/** Runs `reply` after `ms`, unless the client hung up first. */
export const delayed =
  (ms: number, reply: Reply): Reply =>
  (res, request) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => resolve(reply(res, request)), ms);
      res.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A `chat.completion` body. */
export const completion = (
  content: string | null,
  toolCalls: [id: string, name: string, args: string][] = [],
  usage?: [number, number],
) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'test-model',
  choices: [
    {
      index: 0,
      finish_reason: toolCalls.length ? 'tool_calls' : 'stop',
      message: {
        role: 'assistant',
        content,
        ...(toolCalls.length && {
          tool_calls: toolCalls.map(([id, name, a]) => ({ id, type: 'function', function: { name, arguments: a } })),
        }),
      },
    },
  ],
  ...(usage && { usage: { prompt_tokens: usage[0], completion_tokens: usage[1], total_tokens: usage[0] + usage[1] } }),
});

/** A `chat.completion.chunk` with one delta (or only usage, with empty choices, as OpenAI sends it last). */
export const chunk = (delta: Record<string, unknown> | null, usage?: [number, number]) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  choices: delta ? [{ index: 0, delta, finish_reason: null }] : [],
  ...(usage && { usage: { prompt_tokens: usage[0], completion_tokens: usage[1], total_tokens: usage[0] + usage[1] } }),
});

/** The `chat.completion.chunk` that ends a choice: an empty delta with its `finish_reason`. */
export const finishChunk = (reason: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: {}, finish_reason: reason }],
});

/** A `chat.completion` body with this `finish_reason` (the `completion` helper picks stop or tool_calls). */
export const finishedCompletion = (reason: string, ...args: Parameters<typeof completion>) => {
  const body = completion(...args);
  return { ...body, choices: body.choices.map((choice) => ({ ...choice, finish_reason: reason })) };
};

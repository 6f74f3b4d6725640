import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryStore } from '@weft/graph';
import { openAIChatModel, scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AgentError,
  agentTool,
  assistantMessage,
  chatModelAgent,
  Runner,
  type ChatModel,
  type Message,
  type MessageChunk,
} from '../index.ts';
import { summarize } from '../test-support/summarize.ts';

/** Far above every limit a test sets: a stream still going here was never stopped. */
const CAP = 250_000;

/**
 * A model whose first stream never ends on its own (each later call answers
 * "ok"): counts the chunks pulled, records whether the generator's `finally`
 * ran and the signal each call got.
 */
function endlessModel(chunk: (n: number) => MessageChunk) {
  const seen = { pulled: 0, finished: false, signals: [] as AbortSignal[], sent: [] as Message[][] };
  const model: ChatModel = {
    name: 'endless',
    generate: () => Promise.reject(new Error('this model only streams')),
    async *stream(messages, options) {
      seen.signals.push(options.signal);
      seen.sent.push([...messages]);
      if (seen.signals.length > 1) {
        yield { content: 'ok' };
        return;
      }
      try {
        while (seen.pulled < CAP) {
          seen.pulled++;
          yield chunk(seen.pulled);
        }
        throw new Error(`the stream was not stopped after ${CAP} chunks`);
      } finally {
        seen.finished = true;
      }
    },
  };
  return { model, seen };
}

const chunkLines = (n: number, text: string): string[] => Array.from({ length: n }, () => `A [A] | chunk: ${text}`);

describe('modelCallLimits: one model call is bounded in chunks, bytes and time', () => {
  it('with no limits set, an endless stream of text stops at the default maxBytes (4 MiB): the stream is stopped and the call fails', async () => {
    const piece = 'x'.repeat(65_536);
    const { model, seen } = endlessModel(() => ({ content: piece }));
    const agent = chatModelAgent({ name: 'A', description: '', model });
    const failed = await new Runner({ agent, streaming: true }).query('go');
    expect(failed.status).toBe('error');
    const message =
      'agent "A": model "endless" exceeded modelCallLimits.maxBytes: more than 4194304 bytes of text and tool calls in one answer; ' +
      'raise it with chatModelAgent({ modelCallLimits: { maxBytes } }) or new Runner({ modelCallLimits: { maxBytes } })';
    expect(failed.error?.toJSON()).toEqual({
      name: 'AgentError',
      code: 'MODEL_OUTPUT_LIMIT',
      message,
      details: { agent: 'A', model: 'endless', limit: 'maxBytes', max: 4_194_304 },
      retryable: false,
    });
    // 64 pieces of 64 KiB fit; the 65th is pulled, not emitted, and ends the stream.
    expect(seen.pulled).toBe(65);
    expect(seen.finished).toBe(true);
    expect(seen.signals[0]!.aborted).toBe(true);
    // The model's signal says why: the same error (the run's is a copy, as it left the graph).
    expect((seen.signals[0]!.reason as AgentError).toJSON()).toEqual(failed.error?.toJSON());
    expect(failed.events.map((e) => e.type)).toEqual([...Array<string>(64).fill('chunk'), 'error']);
    expect(failed.events.at(-1)).toMatchObject({ agentName: 'A', error: { code: 'MODEL_OUTPUT_LIMIT', message } });
  });

  it('with no limits set, an endless stream of empty chunks stops at the default maxChunks (200,000)', async () => {
    const { model, seen } = endlessModel(() => ({}));
    const agent = chatModelAgent({ name: 'A', description: '', model });
    const failed = await new Runner({ agent, streaming: true }).query('go');
    expect(failed.error).toMatchObject({
      code: 'MODEL_OUTPUT_LIMIT',
      details: { limit: 'maxChunks', max: 200_000 },
      retryable: false,
    });
    expect(seen.pulled).toBe(200_001);
    expect(seen.finished).toBe(true);
    expect(failed.events).toHaveLength(200_001);
  }, 120_000);

  it("an agent's maxChunks: the chunks within it are events, the next one fails the call, and nothing enters the history", async () => {
    const store = new MemoryStore();
    const { model, seen } = endlessModel((n) => ({ content: `${n}` }));
    const agent = chatModelAgent({ name: 'A', description: '', model, modelCallLimits: { maxChunks: 3 } });
    const runner = new Runner({ agent, streaming: true, store });
    const failed = await runner.query('go', { threadId: 't' });
    expect(summarize(failed.events)).toEqual([
      'A [A] | chunk: 1',
      'A [A] | chunk: 2',
      'A [A] | chunk: 3',
      'A [A] | ERROR MODEL_OUTPUT_LIMIT',
    ]);
    expect(failed.error).toMatchObject({
      code: 'MODEL_OUTPUT_LIMIT',
      message:
        'agent "A": model "endless" exceeded modelCallLimits.maxChunks: more than 3 chunks in one answer; ' +
        'raise it with chatModelAgent({ modelCallLimits: { maxChunks } }) or new Runner({ modelCallLimits: { maxChunks } })',
      details: { agent: 'A', model: 'endless', limit: 'maxChunks', max: 3 },
    });
    expect([seen.pulled, seen.finished]).toEqual([4, true]);
    // The failed call wrote nothing: a resume asks the model again with the same messages.
    const resumed = await runner.resume(failed.checkpointId!);
    expect(summarize(resumed.events)).toEqual(['A [A] | chunk: ok', 'A [A] | assistant: ok']);
    expect(seen.sent).toEqual([[{ role: 'user', content: 'go' }], [{ role: 'user', content: 'go' }]]);
  });

  it("the Runner's modelCallLimits apply to agents without their own; an agent's own fields win, field by field", async () => {
    const { model, seen } = endlessModel(() => ({ content: 'abc' }));
    const agent = chatModelAgent({ name: 'A', description: '', model, modelCallLimits: { maxBytes: 1000 } });
    const failed = await new Runner({ agent, streaming: true, modelCallLimits: { maxChunks: 5, maxBytes: 10 } }).query('go');
    expect(summarize(failed.events)).toEqual([...chunkLines(5, 'abc'), 'A [A] | ERROR MODEL_OUTPUT_LIMIT']);
    expect(failed.error).toMatchObject({ details: { limit: 'maxChunks', max: 5 } });
    expect(seen.pulled).toBe(6);

    const other = endlessModel(() => ({ content: 'abc' }));
    const plain = chatModelAgent({ name: 'A', description: '', model: other.model });
    const byBytes = await new Runner({ agent: plain, streaming: true, modelCallLimits: { maxChunks: 5, maxBytes: 10 } }).query('go');
    expect(summarize(byBytes.events)).toEqual([...chunkLines(3, 'abc'), 'A [A] | ERROR MODEL_OUTPUT_LIMIT']);
    expect(byBytes.error).toMatchObject({ details: { limit: 'maxBytes', max: 10 } });
  });

  it("the Runner's limits reach agents used as tools: the inner agent's failure is the outer agent's tool error", async () => {
    const inner = chatModelAgent({ name: 'Inner', description: 'inner', model: scriptedModel([{ text: 'x'.repeat(100) }]) });
    const outerModel = scriptedModel([{ toolCalls: [{ name: 'Inner', arguments: { request: 'go' }, id: 'c1' }] }, { text: 'done' }]);
    const outer = chatModelAgent({ name: 'Outer', description: '', model: outerModel, tools: [agentTool(inner)] });
    const done = await new Runner({ agent: outer, modelCallLimits: { maxBytes: 50 } }).query('go');
    const limit =
      'agent "Inner": model "scripted" exceeded modelCallLimits.maxBytes: more than 50 bytes of text and tool calls in one answer; ' +
      'raise it with chatModelAgent({ modelCallLimits: { maxBytes } }) or new Runner({ modelCallLimits: { maxBytes } })';
    expect(summarize(done.events)).toEqual([
      'Outer [Outer] | assistant:  → Inner({"request":"go"})',
      `Outer [Outer] | tool Inner: Error: Inner failed: ${limit} | ERROR TOOL_FAILED`,
      'Outer [Outer] | assistant: done',
    ]);
  });

  it('bytes are UTF-8 bytes of the text and of tool-call names and arguments', async () => {
    // "é" is 2 bytes: 3 chunks of 4 bytes fit in 12, the 4th goes over.
    const { model, seen } = endlessModel((n) => (n % 2 ? { content: 'éé' } : { toolCalls: [{ index: 0, name: 'ab', arguments: 'cd' }] }));
    const agent = chatModelAgent({ name: 'A', description: '', model, modelCallLimits: { maxBytes: 12 } });
    const failed = await new Runner({ agent, streaming: true }).query('go');
    expect(failed.error).toMatchObject({ code: 'MODEL_OUTPUT_LIMIT', details: { limit: 'maxBytes', max: 12 } });
    expect(failed.events.map((e) => e.type)).toEqual(['chunk', 'chunk', 'chunk', 'error']);
    expect(seen.pulled).toBe(4);
  });

  it('generate(): an answer over maxBytes fails the call; no message event, no history', async () => {
    const sent: Message[][] = [];
    const answers = [assistantMessage('', [{ id: 'c1', name: 'search', arguments: JSON.stringify({ q: 'y'.repeat(200) }) }])];
    const model: ChatModel = {
      name: 'big',
      generate: async (messages) => (sent.push([...messages]), answers.shift() ?? assistantMessage('short')),
      stream: () => ({
        [Symbol.asyncIterator]: () => {
          throw new Error('not streamed');
        },
      }),
    };
    const agent = chatModelAgent({ name: 'A', description: '', model, modelCallLimits: { maxBytes: 100 } });
    const store = new MemoryStore();
    const runner = new Runner({ agent, store });
    const failed = await runner.query('go', { threadId: 't' });
    expect(summarize(failed.events)).toEqual(['A [A] | ERROR MODEL_OUTPUT_LIMIT']);
    expect(failed.error).toMatchObject({ code: 'MODEL_OUTPUT_LIMIT', details: { agent: 'A', model: 'big', limit: 'maxBytes', max: 100 } });
    const resumed = await runner.resume(failed.checkpointId!);
    expect(summarize(resumed.events)).toEqual(['A [A] | assistant: short']);
    expect(sent).toEqual([[{ role: 'user', content: 'go' }], [{ role: 'user', content: 'go' }]]);
  });

  it('a bad limit is INVALID_ARGUMENT where it is given', () => {
    const model = endlessModel(() => ({})).model;
    const bad = (modelCallLimits: unknown) => () =>
      chatModelAgent({ name: 'A', description: '', model, modelCallLimits: modelCallLimits as { maxChunks: number } });
    expect(bad({ maxChunks: 0 })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'chatModelAgent "A": modelCallLimits.maxChunks must be a positive integer or Infinity (got 0)',
      }),
    );
    expect(bad({ maxBytes: 1.5 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(bad({ timeoutMs: -1 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(bad({ maxchunks: 10 })).toThrow(
      expect.objectContaining({
        message: 'chatModelAgent "A": modelCallLimits has no option "maxchunks" (it has maxChunks, maxBytes, timeoutMs)',
      }),
    );
    expect(bad('big')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    const agent = chatModelAgent({ name: 'A', description: '', model, modelCallLimits: { maxChunks: Infinity } });
    expect(agent.modelCallLimits).toEqual({ maxChunks: Infinity });
    expect(() => new Runner({ agent, modelCallLimits: { timeoutMs: 0 } })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'new Runner(): modelCallLimits.timeoutMs must be a positive integer or Infinity (got 0)',
      }),
    );
  });
});

describe('modelCallLimits.timeoutMs, on a fake clock', () => {
  afterEach(() => void vi.useRealTimers());

  /** A model that sends one chunk, then waits: for its signal when `honoursSignal`, else forever. */
  function stallingModel(honoursSignal: boolean) {
    const seen = { finished: false, signal: undefined as AbortSignal | undefined };
    let stalled!: () => void;
    const stalling = new Promise<void>((resolve) => (stalled = resolve));
    const wait = (signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        stalled();
        if (honoursSignal) signal.addEventListener('abort', () => resolve(), { once: true });
      });
    const model: ChatModel = {
      name: 'stalling',
      generate: async (_messages, { signal }) => {
        seen.signal = signal;
        await wait(signal);
        throw new Error('aborted by its signal');
      },
      async *stream(_messages, { signal }) {
        seen.signal = signal;
        try {
          yield { content: 'hel' };
          await wait(signal);
          throw new Error('aborted by its signal');
        } finally {
          seen.finished = true;
        }
      },
    };
    return { model, seen, stalling };
  }

  for (const streaming of [true, false])
    for (const honoursSignal of [true, false])
      it(`${streaming ? 'stream' : 'generate'}: a model that ${honoursSignal ? 'honours its signal' : 'ignores its signal'} fails the call once timeoutMs has passed, not before`, async () => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        const { model, seen, stalling } = stallingModel(honoursSignal);
        const agent = chatModelAgent({ name: 'A', description: '', model, modelCallLimits: { timeoutMs: 30_000 } });
        let settled = false;
        const run = new Runner({ agent, streaming }).query('go');
        void run.then(() => (settled = true));
        await stalling;
        await vi.advanceTimersByTimeAsync(29_999);
        expect(settled).toBe(false);
        expect(seen.signal!.aborted).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        const failed = await run;
        expect(failed.error?.toJSON()).toEqual({
          name: 'AgentError',
          code: 'MODEL_OUTPUT_LIMIT',
          message:
            'agent "A": model "stalling" exceeded modelCallLimits.timeoutMs: no complete answer within 30000 ms; ' +
            'raise it with chatModelAgent({ modelCallLimits: { timeoutMs } }) or new Runner({ modelCallLimits: { timeoutMs } })',
          details: { agent: 'A', model: 'stalling', limit: 'timeoutMs', max: 30_000 },
          retryable: false,
        });
        expect(summarize(failed.events)).toEqual([...(streaming ? ['A [A] | chunk: hel'] : []), 'A [A] | ERROR MODEL_OUTPUT_LIMIT']);
        expect((seen.signal!.reason as AgentError).toJSON()).toEqual(failed.error?.toJSON());
        // A generator stuck in an await it never leaves cannot run its `finally`; one that honours the signal does.
        if (streaming) expect(seen.finished).toBe(honoursSignal);
        expect(vi.getTimerCount()).toBe(0);
      });

  it('a call that answers in time leaves no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const model: ChatModel = {
      name: 'quick',
      generate: async () => assistantMessage('done'),
      async *stream() {
        yield { content: 'done' };
      },
    };
    for (const streaming of [true, false]) {
      const agent = chatModelAgent({ name: 'A', description: '', model, modelCallLimits: { timeoutMs: 30_000 } });
      const done = await new Runner({ agent, streaming }).query('go');
      expect(done.status).toBe('done');
      expect(vi.getTimerCount()).toBe(0);
    }
  });
});

describe('modelCallLimits over HTTP', () => {
  it('openAIChatModel: going over a limit aborts the request, so the server sees its connection closed', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const line = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'x' } }] })}\n\n`;
    // Streams for as long as the client reads: writes until the socket's buffer is full, then again on 'drain'.
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.on('close', () => closed());
        const pump = () => {
          while (!res.destroyed && res.write(line));
          if (!res.destroyed) res.once('drain', pump);
        };
        pump();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const model = openAIChatModel({ baseURL: `http://127.0.0.1:${port}/v1`, model: 'endless', maxRetries: 0 });
      const agent = chatModelAgent({ name: 'A', description: '', model, modelCallLimits: { maxChunks: 20 } });
      const failed = await new Runner({ agent, streaming: true }).query('go');
      expect(summarize(failed.events)).toEqual([...chunkLines(20, 'x'), 'A [A] | ERROR MODEL_OUTPUT_LIMIT']);
      expect(failed.error).toMatchObject({ code: 'MODEL_OUTPUT_LIMIT', details: { model: 'endless', limit: 'maxChunks', max: 20 } });
      await connectionClosed;
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 60_000);
});

import type { ChatModel, Message, ModelCallOptions } from '@weft/chat-model';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, sequential } from '../index.ts';

/** A model answering `text`, recording each call's signal; `keep` leaves a listener on it, `huge` answers past maxBytes. */
function recorder(name: string, signals: AbortSignal[], how: { keep?: boolean; huge?: boolean } = {}): ChatModel {
  return {
    name,
    async generate(_messages: readonly Message[], { signal }: ModelCallOptions): Promise<Message> {
      signals.push(signal);
      if (how.keep) signal.addEventListener('abort', () => undefined);
      return { role: 'assistant', content: how.huge ? 'x'.repeat(64) : `from ${name}` };
    },
    async *stream() {
      yield* [];
    },
  };
}

const seq = (...subAgents: ReturnType<typeof chatModelAgent>[]) => sequential({ name: 'S', description: '', subAgents });

describe('the signal of a model call', () => {
  it('is made once for calls one after another under one run, each finding it clean', async () => {
    const signals: AbortSignal[] = [];
    const agents = ['a', 'b', 'c', 'd'].map((n) => chatModelAgent({ name: n, description: '', model: recorder(n, signals) }));
    const res = await new Runner({ agent: seq(...agents) }).query('go');
    expect(res.status).toBe('done');
    expect(signals).toHaveLength(4);
    expect(new Set(signals).size).toBe(1);
    expect(signals[0]!.aborted).toBe(false);
  });

  it('is a new one after a call whose model left a listener on its signal', async () => {
    const signals: AbortSignal[] = [];
    const agents = [
      chatModelAgent({ name: 'a', description: '', model: recorder('a', signals, { keep: true }) }),
      chatModelAgent({ name: 'b', description: '', model: recorder('b', signals) }),
      chatModelAgent({ name: 'c', description: '', model: recorder('c', signals) }),
    ];
    const res = await new Runner({ agent: seq(...agents) }).query('go');
    expect(res.status).toBe('done');
    expect(signals[1]).not.toBe(signals[0]);
    expect(signals[2]).toBe(signals[1]);
  });

  it('is never handed out again once a limit aborted it, and the next run gets a clean one', async () => {
    const signals: AbortSignal[] = [];
    const runner = new Runner({
      agent: chatModelAgent({
        name: 'a',
        description: '',
        model: recorder('a', signals, { huge: true }),
        modelCallLimits: { maxBytes: 8 },
      }),
    });
    const failed = await runner.query('go');
    const again = await runner.query('go');
    expect([failed.status, failed.error?.code, again.status, again.error?.code]).toEqual([
      'error',
      'MODEL_OUTPUT_LIMIT',
      'error',
      'MODEL_OUTPUT_LIMIT',
    ]);
    expect(signals).toHaveLength(2);
    expect(signals[1]).not.toBe(signals[0]);
    expect(signals.map((s) => [s.aborted, (s.reason as { code?: string }).code])).toEqual([
      [true, 'MODEL_OUTPUT_LIMIT'],
      [true, 'MODEL_OUTPUT_LIMIT'],
    ]);
  });
});

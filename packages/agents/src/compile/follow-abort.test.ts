import type { ChatModel, Message } from '@weft/chat-model';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { chatModelAgent, parallel, Runner } from '../index.ts';

/** Process warnings emitted while a test runs (Node emits them on a later tick: see `settled`). */
const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
process.on('warning', onWarning);
afterEach(() => void warnings.splice(0));

/** Lets warnings queued with process.nextTick during the run be emitted. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

const WIDTH = 12;
const names = Array.from({ length: WIDTH }, (_, i) => `a${i}`);

describe('model calls waiting on one run signal', () => {
  it(`a parallel workflow of ${WIDTH} agents runs without a listener-leak warning`, async () => {
    const subAgents = names.map((name) =>
      chatModelAgent({ name, description: '', model: scriptedModel([{ text: `from ${name}` }], { name: `m-${name}` }) }),
    );
    const res = await new Runner({ agent: parallel({ name: 'P', description: '', subAgents }) }).query('go');
    await settled();
    expect(res.status).toBe('done');
    expect(
      res.events
        .map((e) => e.output?.message?.content)
        .filter(Boolean)
        .sort(),
    ).toEqual(names.map((n) => `from ${n}`).sort());
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });

  it(`aborting the run aborts each of ${WIDTH} calls in flight with the run's reason, and no later call`, async () => {
    const controller = new AbortController();
    const signals: AbortSignal[] = [];
    let waiting = 0;
    const blocked: ChatModel = {
      name: 'blocked',
      generate: (_messages, { signal }) =>
        new Promise<Message>((_, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
          if (++waiting === WIDTH) controller.abort(new Error('stopped by the caller'));
        }),
      async *stream() {
        yield* [];
      },
    };
    const subAgents = names.map((name) => chatModelAgent({ name, description: '', model: blocked }));
    const res = await new Runner({ agent: parallel({ name: 'P', description: '', subAgents }) }).query('go', { signal: controller.signal });
    await settled();
    expect(res.status).not.toBe('done');
    expect(signals).toHaveLength(WIDTH);
    expect(signals.map((s) => [s.aborted, (s.reason as Error).message])).toEqual(names.map(() => [true, 'stopped by the caller']));
    expect(new Set(signals).size).toBe(WIDTH);
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  END,
  START,
  graph,
  guardrail,
  guardrailEvents,
  interrupt,
  MemoryStore,
  type Budget,
  type Guardrail,
  type GuardrailVerdict,
} from '../index.ts';
import { collect, trace } from '../../test/support/collect.ts';

const pass = { action: 'pass' } as const;

/** Trips on any text that mentions a card number. */
const noCards = guardrail<unknown>({
  name: 'no-cards',
  check: (v): GuardrailVerdict<unknown> => (/\d{4} \d{4}/.test(String(v)) ? { action: 'trip', reason: 'a card number' } : pass),
});

async function* words(parts: string[]) {
  yield* parts;
}

const streaming = (parts: string[], guardrails: object, store?: MemoryStore) =>
  graph<number, string>({ name: 'stream' })
    .addNode('say', () => words(parts), { guardrails })
    .addEdge(START, 'say')
    .addEdge('say', END)
    .compile(store ? { store } : {});

describe('node guardrails', () => {
  it('rewrites the input before the node and checks the output after it', async () => {
    const seen: number[] = [];
    const clamp: Guardrail<number> = guardrail({
      name: 'clamp',
      check: (n: number) => (n > 10 ? { action: 'rewrite', value: 10, reason: 'at most 10' } : pass),
    });
    const g = graph<number, number>({ name: 'g' })
      .addNode('double', (n: number) => (seen.push(n), n * 2), { guardrails: { input: [clamp] } })
      .addEdge(START, 'double')
      .addEdge('double', END)
      .compile();
    const run = g.run(50);
    const reports: unknown[] = [];
    run.channel(guardrailEvents).subscribe(({ node, data }) => reports.push([node, data]));
    const result = await run;
    expect(result).toMatchObject({ status: 'done', output: 20 });
    expect(seen).toEqual([10]);
    expect(reports).toEqual([
      ['double', { name: 'clamp', stage: 'input', action: 'rewrite', reason: 'at most 10', original: 50, replacement: 10 }],
    ]);
  });

  it('releases a streamed output sentence by sentence, and never the sentence that trips', async () => {
    const store = new MemoryStore();
    const g = streaming(['Hello ', 'there. ', 'Your card is ', '4111 1111 1111 1111. ', 'Bye.'], { output: [noCards] }, store);
    const { result, events } = await collect(g.run(0, { threadId: 't' }));
    expect(result.status).toBe('error');
    if (result.status !== 'error') return;
    expect(result.error.code).toBe('GUARDRAIL_TRIPPED');
    expect(result.error.details).toEqual({ guardrail: 'no-cards', stage: 'output', reason: 'a card number' });
    const chunks = events.filter((e) => e.type === 'node.chunk').map((e) => (e as { chunk: unknown }).chunk);
    expect(chunks).toEqual(['Hello ', 'there. ']);
    const custom = events.flatMap((e) => (e.type === 'node.custom' ? [e.data] : []));
    expect(custom).toEqual([
      { name: 'no-cards', stage: 'output', action: 'release', heldChars: 13, heldMs: expect.any(Number) },
      { name: 'no-cards', stage: 'output', action: 'trip', reason: 'a card number' },
    ]);
    expect(trace(events).filter((t) => !t.includes('checkpoint'))).toEqual([
      '0 run.start',
      '1 step.start [say]',
      '1 node.start say',
      '1 node.chunk say',
      '1 node.chunk say',
      '1 node.custom say',
      '1 node.custom say',
      '1 error GUARDRAIL_TRIPPED',
      '1 run.end error',
    ]);
    // The failed run's checkpoint keeps the error, and the thread can be resumed like any failed run.
    const view = await g.getState('t');
    expect(view.error?.code).toBe('GUARDRAIL_TRIPPED');
  });

  it('leaves a tripped thread to be resumed or forked like any failed run', async () => {
    let strict = true;
    let calls = 0;
    const gate = guardrail<number>({ name: 'gate', check: () => (strict ? { action: 'trip', reason: 'not yet' } : pass) });
    const store = new MemoryStore();
    const g = graph<number, number>({ name: 'g' })
      .addNode('inc', (n: number): number => (calls++, n + 1), { guardrails: { output: [gate] } })
      .addEdge(START, 'inc')
      .addEdge('inc', END)
      .compile({ store });
    const failed = await g.run(1, { threadId: 't' });
    expect(failed.status).toBe('error');
    const errorCheckpoint = await g.getState('t');
    expect(errorCheckpoint.error).toMatchObject({
      code: 'GUARDRAIL_TRIPPED',
      details: { guardrail: 'gate', stage: 'output', reason: 'not yet' },
    });
    strict = false;
    expect(await g.resume({ threadId: 't' })).toMatchObject({ status: 'done', output: 2 });
    const forked = await g.resume({ threadId: 't', checkpointId: errorCheckpoint.id, fork: true });
    expect(forked).toMatchObject({ status: 'done', output: 2 });
    expect(calls).toBe(3);
  });

  it('checks the whole output last, and a rewrite of it drops the held chunks', async () => {
    const redact = guardrail<unknown>({
      name: 'redact',
      check: (v, ctx) => (ctx.final && String(v).includes('secret') ? { action: 'rewrite', value: '[redacted]' } : pass),
    });
    const { result, events } = await collect(streaming(['a secret', ' word'], { output: [redact], releaseEvery: 100 }).run(0));
    expect(result).toMatchObject({ status: 'done', output: '[redacted]' });
    expect(events.filter((e) => e.type === 'node.chunk')).toEqual([]);
  });

  it('with a slow check, chunks that come meanwhile wait for the next window, and only checked text is ever released', async () => {
    const checked: string[] = [];
    const seenAtCheck: number[] = [];
    let emitted = 0;
    const slow = guardrail<unknown>({
      name: 'slow',
      check: async (v, ctx) => {
        seenAtCheck.push(emitted);
        for (let i = 0; i < 20; i++) await Promise.resolve();
        checked.push(`${ctx.final ? 'final' : 'partial'}:${String(v)}`);
        return pass;
      },
    });
    const run = streaming(['One. ', 'Two. ', 'Three. ', 'Four.'], { output: [slow] }).run(0);
    const chunks: string[] = [];
    const unchecked: number[] = [];
    run.subscribe((e) => {
      if (e.type !== 'node.chunk') return;
      emitted += String(e.chunk).length;
      chunks.push(String(e.chunk));
      // Every released chunk lies inside text a check has passed.
      const passed = Math.max(0, ...checked.map((c) => c.length - c.indexOf(':') - 1));
      if (emitted > passed) unchecked.push(emitted);
    });
    expect(await run).toMatchObject({ status: 'done', output: 'One. Two. Three. Four.' });
    expect(chunks).toEqual(['One. ', 'Two. ', 'Three. ', 'Four.']);
    expect(unchecked).toEqual([]);
    // The second window took in the sentences that came while the first was being checked.
    expect(checked).toEqual(['partial:One. ', 'partial:One. Two. Three. ', 'final:One. Two. Three. Four.']);
    expect(seenAtCheck[0]).toBe(0);
  });

  it('releases every n characters', async () => {
    const { result, events } = await collect(streaming(['abc', 'def', 'gh'], { output: [noCards], releaseEvery: 5 }).run(0));
    expect(result).toMatchObject({ status: 'done', output: 'abcdefgh' });
    expect(events.flatMap((e) => (e.type === 'node.chunk' ? [e.chunk] : e.type === 'node.custom' ? [e.data] : []))).toEqual([
      'abc',
      'def',
      { name: 'no-cards', stage: 'output', action: 'release', heldChars: 6, heldMs: expect.any(Number) },
      'gh',
      { name: 'no-cards', stage: 'output', action: 'release', heldChars: 2, heldMs: expect.any(Number) },
    ]);
  });

  it('fails with GUARDRAIL_FAILED when a check throws, and lets the value through when it fails open', async () => {
    let calls = 0;
    const broken = (failOpen: boolean) =>
      guardrail<unknown>({
        name: 'broken',
        failOpen,
        check: () => {
          calls++;
          throw new Error('judge unreachable');
        },
      });
    const closed = await streaming(['hi'], { output: [broken(false)] }).run(0);
    expect(closed.status).toBe('error');
    if (closed.status === 'error') {
      expect(closed.error.code).toBe('GUARDRAIL_FAILED');
      expect(closed.error.message).toBe('guardrail "broken" (output) could not check: judge unreachable');
    }
    const { result, events } = await collect(streaming(['hi'], { output: [broken(true)] }).run(0));
    expect(result).toMatchObject({ status: 'done', output: 'hi' });
    expect(events.flatMap((e) => (e.type === 'node.custom' ? [e.data] : []))).toEqual([
      { name: 'broken', stage: 'output', action: 'failed-open', reason: 'judge unreachable' },
      { name: 'broken', stage: 'output', action: 'release', heldChars: 2, heldMs: expect.any(Number) },
    ]);
    expect(calls).toBe(2);
  });

  it("reports a malformed guardrails option as the node's issue at compile()", () => {
    const build = (guardrails: object) =>
      graph<number, number>({ name: 'g' })
        .addNode('n', (x: number) => x, { guardrails } as never)
        .addEdge(START, 'n')
        .addEdge('n', END)
        .compile();
    expect(() => build({ output: [noCards, noCards] })).toThrow(
      '[INVALID_NODE] node "n": guardrails.output two guardrails are named "no-cards"',
    );
    expect(() => build({ releaseEvery: 'word' })).toThrow(
      "releaseEvery must be 'sentence' or a positive whole number of characters, got word",
    );
    expect(() => build({ input: [{ name: 'x' }] })).toThrow('node "n": guardrails.input guardrail "x" needs a check function');
    expect(() => build({ outptu: [] })).toThrow('node "n": guardrails has an unknown key "outptu" (input, output, releaseEvery)');
  });

  it('refuses a malformed guardrail at definition', () => {
    expect(() => guardrail({ name: '', check: () => pass })).toThrow(expect.objectContaining({ code: 'GUARDRAIL_INVALID' }));
    expect(() => guardrail({ name: 'x' } as never)).toThrow('guardrail() guardrail "x" needs a check function');
  });
});

describe('node guardrails and the budget', () => {
  /** A check that spends like a model call (one call charged before, 12 tokens recorded after) on the run's ledger. */
  const spender = (failOpen = false): Guardrail<unknown> =>
    guardrail<unknown>({
      name: 'spender',
      failOpen,
      check: (_v, ctx) => {
        ctx.budget!.charge({ modelCalls: 1 });
        ctx.budget!.record({ tokens: 12, inputTokens: 10, outputTokens: 2 });
        return pass;
      },
    });
  const counted = (budget: Budget | undefined, check: Guardrail<unknown>, store?: MemoryStore) =>
    graph<number, unknown>({ name: 'g' })
      .addNode(
        'n',
        (x: number, ctx) => {
          ctx.budget.charge({ modelCalls: 1 });
          return x + 1;
        },
        { guardrails: { output: [check] } },
      )
      .addEdge(START, 'n')
      .addEdge('n', END)
      .compile({ ...(budget ? { budget } : {}), ...(store ? { store } : {}) });

  it("a check's charges land in the run's usage and the checkpoint's", async () => {
    const store = new MemoryStore();
    const result = await counted({ modelCalls: 5 }, spender(), store).run(1, { threadId: 't' });
    const spent = { tokens: 12, inputTokens: 10, outputTokens: 2, costUsd: 0, modelCalls: 2, toolCalls: 0, wallMs: expect.any(Number) };
    expect(result).toMatchObject({ status: 'done', output: 2, usage: spent });
    expect((await counted({ modelCalls: 5 }, spender(), store).getState('t')).usage).toEqual(spent);
  });

  it('a check the budget refuses fails the run with BUDGET_EXCEEDED, not GUARDRAIL_FAILED, even with failOpen', async () => {
    for (const failOpen of [false, true]) {
      const result = await counted({ modelCalls: 1 }, spender(failOpen)).run(1);
      expect(result.status).toBe('error');
      if (result.status !== 'error') continue;
      expect(result.error).toMatchObject({ code: 'BUDGET_EXCEEDED', details: { exceeded: ['modelCalls'] } });
      expect(result.usage.modelCalls).toBe(1);
    }
  });

  it("a check's interrupt pauses the run (not a failure, even with failOpen); resumed, the check gets its answer", async () => {
    const asking = guardrail<unknown>({
      name: 'asking',
      failOpen: true,
      check: () => (interrupt<boolean>({ ok: '?' }) ? pass : { action: 'trip', reason: 'refused' }),
    });
    const g = counted(undefined, asking, new MemoryStore());
    const paused = await g.run(1, { threadId: 'i' });
    expect(paused.status).toBe('interrupted');
    if (paused.status !== 'interrupted') return;
    const done = await g.resume({ threadId: 'i', resume: { [paused.interrupts[0]!.id]: true } });
    expect(done).toMatchObject({ status: 'done', output: 2 });
  });
});

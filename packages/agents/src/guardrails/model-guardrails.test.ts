import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import {
  chatModelAgent,
  inputGuardrail,
  judgeGuardrail,
  outputGuardrail,
  Runner,
  textOf,
  tool,
  type AgentEvent,
  type ChatModel,
  type Message,
} from '../index.ts';

const pass = { action: 'pass' } as const;
const agentOf = (model: ChatModel, guardrails: object, extra: object = {}) =>
  chatModelAgent({ name: 'helper', description: 'helps', model, guardrails, ...extra });

/**
 * A model whose first stream says "Hi" and then waits until its signal is
 * aborted (counting the aborts); every later call answers "ok".
 */
function slowModel() {
  let started!: () => void;
  const seen = { calls: 0, aborted: 0, started: new Promise<void>((resolve) => (started = resolve)) };
  const model: ChatModel = {
    name: 'slow',
    generate: () => Promise.reject(new Error('this model only streams')),
    async *stream(_messages, options) {
      if (++seen.calls > 1) {
        yield { content: 'ok' };
        return;
      }
      yield { content: 'Hi' };
      started();
      await new Promise<void>((resolve) => options.signal.addEventListener('abort', () => (seen.aborted++, resolve()), { once: true }));
      throw options.signal.reason;
    },
  };
  return { model, seen };
}

const guardrailEvents = (events: AgentEvent[]) => events.flatMap((e) => (e.type === 'guardrail' ? [e.guardrail] : []));
const chunks = (events: AgentEvent[]) => events.flatMap((e) => (e.type === 'chunk' ? [e.output.stream.content] : []));

describe('input guardrails', () => {
  it('parallel: a trip aborts the streaming model call, emits no chunk, and leaves a thread that can be resumed or forked', async () => {
    const { model, seen } = slowModel();
    let strict = true;
    const onTopic = inputGuardrail({
      name: 'on-topic',
      mode: 'parallel',
      check: async () => {
        await seen.started;
        return strict ? { action: 'trip', reason: 'off topic' } : pass;
      },
    });
    const store = new MemoryStore();
    const runner = new Runner({ agent: agentOf(model, { input: [onTopic] }), store, streaming: true });
    const failed = await runner.query('tell me a joke', { threadId: 't' });
    expect(failed.status).toBe('error');
    expect(failed.error).toMatchObject({
      code: 'GUARDRAIL_TRIPPED',
      message: 'guardrail "on-topic" (input) tripped: off topic',
      details: { guardrail: 'on-topic', stage: 'input', reason: 'off topic' },
    });
    expect(seen.aborted).toBe(1);
    expect(chunks(failed.events)).toEqual([]);
    expect(failed.events.map((e) => e.type)).toEqual(['guardrail', 'error']);
    expect(guardrailEvents(failed.events)).toEqual([{ name: 'on-topic', stage: 'input', action: 'trip', reason: 'off topic' }]);
    const errorCheckpoint = await runner.graph.getState('t');
    expect(errorCheckpoint.error).toMatchObject({ code: 'GUARDRAIL_TRIPPED' });
    expect(failed.checkpointId).toBe(`t::${errorCheckpoint.id}`);
    strict = false;
    const resumed = await runner.resume(failed.checkpointId!);
    expect(resumed).toMatchObject({ status: 'done', finalOutput: 'ok' });
    expect(chunks(resumed.events)).toEqual(['ok']);
    const forked = await runner.resume(failed.checkpointId!, { fork: true });
    expect(forked).toMatchObject({ status: 'done', finalOutput: 'ok' });
    // A new input on the thread is checked as any: the strict check passes it.
    strict = true;
    let check = 0;
    const onThread = await new Runner({
      agent: agentOf(model, {
        input: [
          inputGuardrail({
            name: 'on-topic',
            check: (m) => (check++, textOf(m[0]!.content).includes('joke') ? { action: 'trip', reason: 'off topic' } : pass),
          }),
        ],
      }),
      store,
      streaming: true,
    }).query('explain graphs', { threadId: 't' });
    expect(onThread).toMatchObject({ status: 'done', finalOutput: 'ok' });
    expect(check).toBe(1);
    expect(seen.calls).toBe(4);
  });

  it('parallel: a rewrite aborts the call and calls again with the rewritten input', async () => {
    const { model, seen } = slowModel();
    const sent: string[][] = [];
    const recording: ChatModel = {
      ...model,
      stream: (messages, options) => (sent.push(messages.map((m) => textOf(m.content))), model.stream(messages, options)),
    };
    let checks = 0;
    const polite = inputGuardrail({
      name: 'polite',
      mode: 'parallel',
      check: async (messages: Message[]) => {
        checks++;
        await seen.started;
        return { action: 'rewrite', value: messages.map((m) => ({ ...m, content: 'a *** question' })) };
      },
    });
    const result = await new Runner({ agent: agentOf(recording, { input: [polite] }), streaming: true }).query('a stupid question');
    expect(result).toMatchObject({ status: 'done', finalOutput: 'ok' });
    expect(seen.aborted).toBe(1);
    expect(sent).toEqual([['a stupid question'], ['a *** question']]);
    expect(chunks(result.events)).toEqual(['ok']);
    expect(checks).toBe(1);
  });

  it('parallel: the streamed chunks wait until the check passed, then come in order', async () => {
    let streamed!: () => void;
    const done = new Promise<void>((resolve) => (streamed = resolve));
    const fast: ChatModel = {
      name: 'fast',
      generate: () => Promise.reject(new Error('this model only streams')),
      async *stream() {
        yield { content: 'One. ' };
        yield { content: 'Two.' };
        streamed();
      },
    };
    let seenBeforePass = -1;
    const seen: string[] = [];
    const slow = inputGuardrail({
      name: 'slow',
      mode: 'parallel',
      check: async () => {
        await done;
        seenBeforePass = seen.length;
        return pass;
      },
    });
    const run = new Runner({ agent: agentOf(fast, { input: [slow] }), streaming: true }).query('count');
    run.subscribe((e) => seen.push(e.type === 'chunk' ? String(e.output.stream.content) : e.type));
    expect(await run).toMatchObject({ status: 'done', finalOutput: 'One. Two.' });
    expect(seenBeforePass).toBe(0);
    expect(seen).toEqual(['One. ', 'Two.', 'message']);
  });

  it('checks the input once per run: not again at the next model call, nor after an interrupt and resume', async () => {
    let checks = 0;
    const counted = inputGuardrail({ name: 'counted', check: () => (checks++, pass) });
    const refund = tool({
      name: 'refund',
      description: '',
      parameters: { type: 'object' },
      needsApproval: true,
      execute: () => 'refunded',
    });
    const model = scriptedModel([{ toolCalls: [{ name: 'refund', arguments: {}, id: 'r1' }] }, { text: 'done' }, { text: 'again' }]);
    const agent = chatModelAgent({ name: 'helper', description: '', model, tools: [refund], guardrails: { input: [counted] } });
    const runner = new Runner({ agent, store: new MemoryStore() });
    const paused = await runner.query('refund me', { threadId: 'p' });
    expect(paused.status).toBe('interrupted');
    const id = paused.interrupts![0]!.id;
    const done = await runner.resume(paused.checkpointId!, { resume: { [id]: { approved: true } } });
    expect(done).toMatchObject({ status: 'done', finalOutput: 'done' });
    expect(checks).toBe(1);
    // A new run on the thread is a new input: checked again.
    await runner.query('and again', { threadId: 'p' });
    expect(checks).toBe(2);
  });

  it('before: a trip means the model is never called; a rewrite is what the model gets', async () => {
    const model = scriptedModel([{ text: 'fine' }]);
    const strict = inputGuardrail({ name: 'strict', check: () => ({ action: 'trip', reason: 'no' }) });
    const tripped = await new Runner({ agent: agentOf(model, { input: [strict] }) }).query('hello');
    expect(tripped.error?.code).toBe('GUARDRAIL_TRIPPED');
    expect(model.calls).toHaveLength(0);
    const polite = inputGuardrail({
      name: 'polite',
      check: (messages: Message[]) => ({
        action: 'rewrite',
        value: messages.map((m) => ({ ...m, content: textOf(m.content).replace('stupid', '***') })),
        reason: 'rude',
      }),
    });
    const done = await new Runner({ agent: agentOf(model, { input: [polite] }) }).query('a stupid question');
    expect(done).toMatchObject({ status: 'done', finalOutput: 'fine' });
    expect(model.calls.map((c) => c.messages.map((m) => textOf(m.content)))).toEqual([['a *** question']]);
    expect(guardrailEvents(done.events)).toEqual([
      {
        name: 'polite',
        stage: 'input',
        action: 'rewrite',
        reason: 'rude',
        original: [{ role: 'user', content: 'a stupid question' }],
        replacement: [{ role: 'user', content: 'a *** question' }],
      },
    ]);
  });
});

describe('output guardrails', () => {
  const noCards = outputGuardrail({
    name: 'no-cards',
    check: (text) => (/\d{4} \d{4}/.test(String(text)) ? { action: 'trip', reason: 'a card number' } : pass),
  });

  it('never lets a subscriber see the sentence that trips', async () => {
    const parts = ['Hello ', 'there. ', 'Your card is 4111 ', '1111 1111 1111. ', 'Bye.'];
    const model = scriptedModel([{ chunks: parts }]);
    const run = new Runner({ agent: agentOf(model, { output: [noCards] }), streaming: true }).query('card?');
    const seen: string[] = [];
    run.subscribe((e) => seen.push(e.type === 'chunk' ? `chunk ${JSON.stringify(e.output.stream.content)}` : e.type));
    const result = await run;
    expect(result.error).toMatchObject({
      code: 'GUARDRAIL_TRIPPED',
      details: { guardrail: 'no-cards', stage: 'output', reason: 'a card number' },
    });
    expect(seen).toEqual(['chunk "Hello "', 'chunk "there. "', 'guardrail', 'guardrail', 'error']);
    expect(guardrailEvents(result.events)).toEqual([
      { name: 'no-cards', stage: 'output', action: 'release', heldChars: 13, heldMs: expect.any(Number) },
      { name: 'no-cards', stage: 'output', action: 'trip', reason: 'a card number' },
    ]);
  });

  it('releases a streamed turn that turns out to be tool calls as before', async () => {
    const lookup = tool({ name: 'lookup', description: '', parameters: { type: 'object' }, execute: () => '42' });
    const model = scriptedModel([
      { chunks: ['Let me ', 'look.'], toolCalls: [{ name: 'lookup', arguments: {} }] },
      { chunks: ['It is ', '42.'] },
    ]);
    const agent = chatModelAgent({ name: 'helper', description: '', model, tools: [lookup], guardrails: { output: [noCards] } });
    const result = await new Runner({ agent, streaming: true }).query('?');
    expect(result).toMatchObject({ status: 'done', finalOutput: 'It is 42.' });
    expect(chunks(result.events)).toEqual(['Let me ', 'look.', undefined, 'It is ', '42.']);
  });

  it('checks the validated value of an outputSchema, and a rewrite replaces it', async () => {
    const model = scriptedModel([{ text: '{"city":"Oslo","secret":"x"}' }]);
    const schema = { type: 'object', properties: { city: { type: 'string' }, secret: { type: 'string' } }, required: ['city'] } as const;
    const strip = outputGuardrail({
      name: 'strip',
      check: (v) =>
        typeof v === 'object' && v !== null && 'secret' in v
          ? { action: 'rewrite', value: { city: (v as unknown as { city: string }).city } }
          : pass,
    });
    const agent = chatModelAgent({ name: 'helper', description: '', model, outputSchema: schema, guardrails: { output: [strip] } });
    const result = await new Runner({ agent }).query('where?');
    expect(result).toMatchObject({ status: 'done', finalOutput: { city: 'Oslo' } });
    expect(result.events.flatMap((e) => (e.type === 'message' ? [textOf(e.output.message.content)] : []))).toEqual(['{"city":"Oslo"}']);
  });

  it('rewrites an answer before it is recorded: history, outputKey and final output have the rewrite', async () => {
    const model = scriptedModel([{ text: 'call 555-0100' }, { text: 'noted' }]);
    const redact = outputGuardrail({
      name: 'redact',
      check: (text) => ({ action: 'rewrite', value: String(text).replace(/\d{3}-\d{4}/, '[phone]'), reason: 'a phone number' }),
    });
    const store = new MemoryStore();
    const runner = new Runner({ agent: agentOf(model, { output: [redact] }, { outputKey: 'answer' }), store });
    const done = await runner.query('number?', { threadId: 'r' });
    expect(done).toMatchObject({ status: 'done', finalOutput: 'call [phone]' });
    expect(guardrailEvents(done.events)).toEqual([
      {
        name: 'redact',
        stage: 'output',
        action: 'rewrite',
        reason: 'a phone number',
        original: 'call 555-0100',
        replacement: 'call [phone]',
      },
    ]);
    expect(done.events.flatMap((e) => (e.type === 'message' ? [textOf(e.output.message.content)] : []))).toEqual(['call [phone]']);
    expect((await runner.graph.getState('r')).state.session).toEqual({ answer: 'call [phone]' });
    await runner.query('thanks', { threadId: 'r' });
    expect(model.calls[1]!.messages.map((m) => textOf(m.content))).toEqual(['number?', 'call [phone]', 'thanks']);
  });

  it('fails with GUARDRAIL_FAILED when a check throws, and passes with an event when it fails open', async () => {
    const broken = (failOpen: boolean) =>
      outputGuardrail({
        name: 'broken',
        failOpen,
        check: () => {
          throw new Error('classifier down');
        },
      });
    const closed = await new Runner({ agent: agentOf(scriptedModel([{ text: 'hi' }]), { output: [broken(false)] }) }).query('x');
    expect(closed.error).toMatchObject({
      code: 'GUARDRAIL_FAILED',
      message: 'guardrail "broken" (output) could not check: classifier down',
    });
    const open = await new Runner({ agent: agentOf(scriptedModel([{ text: 'hi' }]), { output: [broken(true)] }) }).query('x');
    expect(open).toMatchObject({ status: 'done', finalOutput: 'hi' });
    expect(guardrailEvents(open.events)).toEqual([{ name: 'broken', stage: 'output', action: 'failed-open', reason: 'classifier down' }]);
  });

  it('judgeGuardrail asks its model for a structured verdict and trips on pass: false', async () => {
    const judge = scriptedModel([{ text: '{"pass":false,"reason":"gives medical advice"}' }]);
    const medical = judgeGuardrail({ name: 'no-medical-advice', model: judge, instruction: 'Fail text that gives medical advice.' });
    const result = await new Runner({
      agent: agentOf(scriptedModel([{ text: 'take two aspirin' }]), { output: [outputGuardrail(medical)] }),
    }).query('headache');
    expect(result.error).toMatchObject({
      code: 'GUARDRAIL_TRIPPED',
      details: { guardrail: 'no-medical-advice', reason: 'gives medical advice' },
    });
    expect(judge.calls).toHaveLength(1);
    expect(judge.calls[0]!.output?.name).toBe('guardrail_verdict');
    expect(judge.calls[0]!.messages.map((m) => textOf(m.content))).toEqual(['Fail text that gives medical advice.', 'take two aspirin']);
  });
});

describe('judgeGuardrail with an agent', () => {
  it('runs the judge agent on the instruction and the value, and reads its structured output as the verdict', async () => {
    const judgeModel = scriptedModel([{ text: '{"pass":true,"reason":"harmless"}' }]);
    const verdict = {
      type: 'object',
      properties: { pass: { type: 'boolean' }, reason: { type: 'string' } },
      required: ['pass', 'reason'],
    } as const;
    const judgeAgent = chatModelAgent({ name: 'judge', description: 'judges', model: judgeModel, outputSchema: verdict });
    const judge = judgeGuardrail({ name: 'judged', agent: judgeAgent, instruction: 'Fail rude text.' });
    const result = await new Runner({ agent: agentOf(scriptedModel([{ text: 'hello' }]), { output: [outputGuardrail(judge)] }) }).query(
      'hi',
    );
    expect(result).toMatchObject({ status: 'done', finalOutput: 'hello' });
    expect(judgeModel.calls.map((c) => c.messages.map((m) => textOf(m.content)))).toEqual([['Fail rude text.\n\nhello']]);
    expect(() => judgeGuardrail({ name: 'both', agent: judgeAgent, model: judgeModel, instruction: 'x' })).toThrow(
      'judgeGuardrail(): guardrail "both" takes a model or an agent (one of them)',
    );
  });
});

describe('definitions', () => {
  it('refuses bad guardrails at chatModelAgent() with GUARDRAIL_INVALID', () => {
    const g = outputGuardrail({ name: 'same', check: () => pass });
    const model = scriptedModel([{ text: 'x' }]);
    expect(() => agentOf(model, { output: [g, g] })).toThrow('chatModelAgent "helper": guardrails: two guardrails are named "same"');
    expect(() => agentOf(model, { input: [g] })).toThrow(expect.objectContaining({ code: 'GUARDRAIL_INVALID' }));
    expect(() => inputGuardrail({ name: 'x', check: () => pass, mode: 'after' as never })).toThrow(
      "inputGuardrail(): mode must be 'before' or 'parallel', got \"after\"",
    );
    expect(() => outputGuardrail({ name: 'x', check: () => pass, releaseEvery: 0 })).toThrow(
      expect.objectContaining({ code: 'GUARDRAIL_INVALID' }),
    );
    expect(() => inputGuardrail({ name: '', check: () => pass })).toThrow(expect.objectContaining({ code: 'GUARDRAIL_INVALID' }));
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatModelAgent, tool, type AgentEvent, type AgentRunResult } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { queueFixture } from '../test-support/queue-fixture.ts';

/** An agent whose one answer is 64 bytes of text. */
const writer = () =>
  chatModelAgent({ name: 'Writer', description: 'Writes.', model: scriptedModel([{ text: 'x'.repeat(64) }], { name: 'long-model' }) });

/**
 * An agent whose instruction needs the session values `company` and `tier`,
 * and whose model answers with the instruction it was given: the answer shows
 * which values the run had when the model was called.
 */
const greeter = () =>
  chatModelAgent({
    name: 'Greeter',
    description: 'Greets.',
    instruction: 'You answer for {company}, {tier} tier.',
    model: scriptedModel([(messages) => ({ text: String(messages[0]?.content) })], { repeatLast: true }),
  });

async function events(job: { events(): AsyncIterable<AgentEvent> }): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const e of job.events()) seen.push(e);
  return seen;
}

describe('WeftWorker agentOptions', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('agent-options')));
  afterEach(() => fx.dispose());

  it('modelCallLimits bound every model call of the agent jobs: over a bound the job’s run ends with MODEL_OUTPUT_LIMIT', async () => {
    const store = fx.store();
    const queue = fx.queue<{ writer: ReturnType<typeof writer> }>();
    const bounded = fx.worker({ store, targets: { writer: writer() }, agentOptions: { modelCallLimits: { maxBytes: 16 } } });
    const refused = await queue.run('writer', 'write', { threadId: 'bounded' });
    const refusedEvents = await events(refused);
    const result = await refused.result();
    const message =
      'agent "Writer": model "long-model" exceeded modelCallLimits.maxBytes: more than 16 bytes of text and tool calls in one answer; ' +
      'raise it with chatModelAgent({ modelCallLimits: { maxBytes } }) or new Runner({ modelCallLimits: { maxBytes } })';
    expect(result).toMatchObject({ status: 'error', error: { code: 'MODEL_OUTPUT_LIMIT', message } });
    expect(refusedEvents.map((e) => e.type)).toEqual(['error']);
    expect(refusedEvents[0]?.error).toMatchObject({ code: 'MODEL_OUTPUT_LIMIT', details: { limit: 'maxBytes', max: 16 } });
    await bounded.close();

    // The same agent on a worker with the default bounds answers in full.
    fx.worker({ store, targets: { writer: writer() } });
    const done = (await (await queue.run('writer', 'write', { threadId: 'default' })).result()) as AgentRunResult;
    expect(done).toMatchObject({ status: 'done', finalOutput: 'x'.repeat(64) });
  });

  it('sessionValues are the defaults of every run: a job’s own values override them', async () => {
    const targets = { greeter: greeter() };
    fx.worker({ store: fx.store(), targets, agentOptions: { sessionValues: { company: 'Acme', tier: 'gold' } } });
    const queue = fx.queue<typeof targets>();
    const plain = await (await queue.run('greeter', 'hi', { threadId: 'plain' })).result();
    expect(plain).toMatchObject({
      status: 'done',
      finalOutput: 'You answer for Acme, gold tier.',
      sessionValues: { company: 'Acme', tier: 'gold' },
    });
    const sent = await (await queue.run('greeter', 'hi', { threadId: 'sent', sessionValues: { company: 'Globex' } })).result();
    expect(sent).toMatchObject({
      status: 'done',
      finalOutput: 'You answer for Globex, gold tier.',
      sessionValues: { company: 'Globex', tier: 'gold' },
    });
  });

  it('a resume fills only the keys its thread has not got; the thread’s values stay unless the resume job sends its own', async () => {
    const store = fx.store();
    const targets = { greeter: greeter() };
    const queue = fx.queue<typeof targets>();
    // Threads started on a worker that declared no defaults: without a tier, their runs fail at the instruction.
    const before = fx.worker({ store, targets });
    for (const threadId of ['kept', 'overridden']) {
      const failed = await (await queue.run('greeter', 'hi', { threadId, sessionValues: { company: 'Globex' } })).result();
      expect(failed).toMatchObject({ status: 'error', error: { code: 'INSTRUCTION_KEY_MISSING' }, sessionValues: { company: 'Globex' } });
    }
    await before.close();

    fx.worker({ store, targets, agentOptions: { sessionValues: { company: 'Acme', tier: 'gold' } } });
    const kept = await (await queue.resume('greeter', { threadId: 'kept' })).result();
    expect(kept).toMatchObject({
      status: 'done',
      finalOutput: 'You answer for Globex, gold tier.',
      sessionValues: { company: 'Globex', tier: 'gold' },
    });
    const overridden = await (await queue.resume('greeter', { threadId: 'overridden', sessionValues: { company: 'Initech' } })).result();
    expect(overridden).toMatchObject({
      status: 'done',
      finalOutput: 'You answer for Initech, gold tier.',
      sessionValues: { company: 'Initech', tier: 'gold' },
    });
  });

  it('an interrupted thread resumed with defaults keeps its values through the approval', async () => {
    const refund = tool({
      name: 'refund',
      description: 'Refunds.',
      parameters: { type: 'object', properties: {} } as const,
      needsApproval: true,
      execute: (_args, ctx) => `refunded for ${String(ctx.getSessionValue('company'))}`,
    });
    const clerk = chatModelAgent({
      name: 'Clerk',
      description: 'Refunds.',
      instruction: 'You refund for {company}.',
      model: scriptedModel([
        { toolCalls: [{ id: 'c1', name: 'refund', arguments: {} }] },
        (messages) => ({ text: String(messages.at(-1)?.content) }),
      ]),
      tools: [refund],
    });
    const targets = { clerk };
    fx.worker({ store: fx.store(), targets, agentOptions: { sessionValues: { company: 'Acme', region: 'EU' } } });
    const queue = fx.queue<typeof targets>();
    const paused = await (await queue.run('clerk', 'refund me', { threadId: 'r1', sessionValues: { company: 'Globex' } })).result();
    expect(paused).toMatchObject({ status: 'interrupted', sessionValues: { company: 'Globex', region: 'EU' } });
    const done = await (
      await queue.resume('clerk', { threadId: 'r1', resume: { [paused.interrupts[0]!.id]: { approved: true } } })
    ).result();
    expect(done).toMatchObject({ status: 'done', finalOutput: 'refunded for Globex', sessionValues: { company: 'Globex', region: 'EU' } });
  });

  it('refuses sessionValues that are not an object of plain data, when the worker is made', () => {
    const cases: [unknown, string][] = [
      ['Acme', 'new WeftWorker(): agentOptions.sessionValues must be an object of values, by key'],
      [['Acme'], 'new WeftWorker(): agentOptions.sessionValues must be an object of values, by key'],
      [{ greet: () => 'hi' }, 'new WeftWorker(): agentOptions.sessionValues must be plain data, as a checkpoint holds it: '],
    ];
    for (const [sessionValues, message] of cases)
      expect(() =>
        fx.worker({ store: fx.store(), targets: { greeter: greeter() }, agentOptions: { sessionValues: sessionValues as never } }),
      ).toThrow(expect.objectContaining({ name: 'QueueError', code: 'INVALID_ARGUMENT', message: expect.stringContaining(message) }));
  });
});

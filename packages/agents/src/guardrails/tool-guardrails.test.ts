import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { chatModelAgent, Runner, textOf, tool, toolGuardrail, type AgentEvent } from '../index.ts';

const pass = { action: 'pass' } as const;

/** A `transfer` tool that counts what it was run with; the model calls it once, then answers "done". */
function bank(args: { to: string; amount: number }) {
  const executed: unknown[] = [];
  const transfer = tool({
    name: 'transfer',
    description: 'moves money',
    parameters: {
      type: 'object',
      properties: { to: { type: 'string' }, amount: { type: 'number', maximum: 10000 } },
      required: ['to', 'amount'],
    },
    execute: (a: unknown) => (executed.push(a), `sent to account 12345678 of ${(a as { to: string }).to}`),
  });
  const model = scriptedModel([{ toolCalls: [{ name: 'transfer', arguments: args, id: 'c1' }] }, { text: 'done' }]);
  return { transfer, model, executed };
}

const toolResults = (events: AgentEvent[]) => events.flatMap((e) => (e.type === 'tool-result' ? [textOf(e.output.message.content)] : []));

describe('tool guardrails', () => {
  it('before: rewritten arguments are checked again and run; a rejected call is never run and the model is told why', async () => {
    const cap = toolGuardrail({
      name: 'cap',
      tools: ['transfer'],
      before: (a) => {
        const { amount } = a as { amount: number };
        if (amount > 5000) return { action: 'trip', reason: 'over the daily limit' };
        return amount > 100 ? { action: 'rewrite', value: { ...(a as object), amount: 100 }, reason: 'capped' } : pass;
      },
    });
    const small = bank({ to: 'ann', amount: 500 });
    const agent = chatModelAgent({
      name: 'payer',
      description: '',
      model: small.model,
      tools: [small.transfer],
      guardrails: { tool: [cap] },
    });
    const done = await new Runner({ agent }).query('pay ann');
    expect(done).toMatchObject({ status: 'done', finalOutput: 'done' });
    expect(small.executed).toEqual([{ to: 'ann', amount: 100 }]);
    expect(done.events.flatMap((e) => (e.type === 'guardrail' ? [e.guardrail] : []))).toEqual([
      {
        name: 'cap',
        stage: 'tool-before',
        action: 'rewrite',
        reason: 'capped',
        original: { to: 'ann', amount: 500 },
        replacement: { to: 'ann', amount: 100 },
      },
    ]);

    const big = bank({ to: 'bob', amount: 9000 });
    const rejecting = chatModelAgent({
      name: 'payer',
      description: '',
      model: big.model,
      tools: [big.transfer],
      guardrails: { tool: [cap] },
    });
    const rejected = await new Runner({ agent: rejecting }).query('pay bob');
    expect(rejected).toMatchObject({ status: 'done', finalOutput: 'done' });
    expect(big.executed).toEqual([]);
    expect(toolResults(rejected.events)).toEqual(['Error: guardrail "cap" (tool-before) tripped: over the daily limit']);
    expect(textOf(big.model.calls[1]!.messages.at(-1)!.content)).toBe('Error: guardrail "cap" (tool-before) tripped: over the daily limit');
  });

  it('before: rewritten arguments that the tool refuses are a tool error, and the call is not run', async () => {
    const b = bank({ to: 'ann', amount: 10 });
    const bad = toolGuardrail({ name: 'bad', before: (a) => ({ action: 'rewrite', value: { ...(a as object), amount: 50_000 } }) });
    const agent = chatModelAgent({ name: 'payer', description: '', model: b.model, tools: [b.transfer], guardrails: { tool: [bad] } });
    const done = await new Runner({ agent }).query('pay ann');
    expect(b.executed).toEqual([]);
    expect(toolResults(done.events)).toEqual([
      'Error: guardrail "bad" rewrote the arguments of transfer, and they are invalid: arguments/amount must be <= 10000',
    ]);
  });

  it("before with onTrip: 'halt' fails the agent without running the call", async () => {
    const b = bank({ to: 'eve', amount: 10 });
    const blocked = toolGuardrail({ name: 'blocklist', onTrip: 'halt', before: () => ({ action: 'trip', reason: 'eve is blocked' }) });
    const agent = chatModelAgent({ name: 'payer', description: '', model: b.model, tools: [b.transfer], guardrails: { tool: [blocked] } });
    const result = await new Runner({ agent }).query('pay eve');
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({
      code: 'GUARDRAIL_TRIPPED',
      details: { guardrail: 'blocklist', stage: 'tool-before', reason: 'eve is blocked' },
    });
    expect(b.executed).toEqual([]);
    expect(b.model.calls).toHaveLength(1);
  });

  it('after: a rewrite redacts the result the model and the history get', async () => {
    const b = bank({ to: 'ann', amount: 10 });
    const redact = toolGuardrail({
      name: 'redact-accounts',
      after: (content) => ({ action: 'rewrite', value: textOf(content).replace(/\d{8}/, '[account]') }),
    });
    const agent = chatModelAgent({ name: 'payer', description: '', model: b.model, tools: [b.transfer], guardrails: { tool: [redact] } });
    const done = await new Runner({ agent }).query('pay ann');
    expect(done.status).toBe('done');
    expect(b.executed).toHaveLength(1);
    expect(toolResults(done.events)).toEqual(['sent to account [account] of ann']);
    expect(textOf(b.model.calls[1]!.messages.at(-1)!.content)).toBe('sent to account [account] of ann');
  });

  it('after: a trip withholds the result (the call ran once) and the model gets the reason', async () => {
    const b = bank({ to: 'ann', amount: 10 });
    const noAccounts = toolGuardrail({
      name: 'no-accounts',
      after: (content) => (/\d{8}/.test(textOf(content)) ? { action: 'trip', reason: 'an account number' } : pass),
    });
    const agent = chatModelAgent({
      name: 'payer',
      description: '',
      model: b.model,
      tools: [b.transfer],
      guardrails: { tool: [noAccounts] },
    });
    const done = await new Runner({ agent }).query('pay ann');
    expect(done).toMatchObject({ status: 'done', finalOutput: 'done' });
    expect(b.executed).toHaveLength(1);
    expect(toolResults(done.events)).toEqual(['Error: guardrail "no-accounts" (tool-after) tripped: an account number']);
    const result = done.events.find((e) => e.type === 'tool-result');
    expect(result?.error).toMatchObject({
      code: 'GUARDRAIL_TRIPPED',
      details: { guardrail: 'no-accounts', stage: 'tool-after', tool: 'transfer', callId: 'c1' },
    });
  });

  it('refuses a tool guardrail without checks', () => {
    expect(() => toolGuardrail({ name: 'empty' })).toThrow('toolGuardrail(): guardrail "empty" needs a before or an after check');
  });
});

/**
 * The stream's `call` events (what the timeline draws): one start and one end
 * per model and tool call, with the run's own times, the model's input and
 * answer, token counts and the cost from createStudio's `prices`; and the
 * price table's validation.
 */
import { MemoryStore } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { callEvent } from '../src/api/call-event-schema.ts';
import { createStudio, type Studio } from '../src/index.ts';
import { CALLS, FINAL_ANSWER, PRICES, pricedAgents } from './support/priced-agents.ts';
import { sseReader, type ReadEvent } from './support/sse-client.ts';

let studio: Studio | undefined;
afterEach(async () => {
  await studio?.close();
  studio = undefined;
});

const QUERY = 'Refund order A1, please.';

/** Starts a run (or a resume) and reads its events to its end. */
async function streamed(path: string, body: Record<string, unknown>): Promise<ReadEvent[]> {
  const res = await studio!.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, stream: true }),
    }),
  );
  expect(res.status).toBe(200);
  return sseReader(res).until((e) => e.event === 'end');
}

/** A call event as one line: phase, kind, agent, what was called, and how it ended. */
function line(e: ReadEvent, starts: Map<string, ReadEvent['data']>): string {
  const d = e.data;
  if (d.phase === 'start') starts.set(d.callId, d);
  const start = starts.get(d.callId)!;
  const what = start.kind === 'model' ? start.model : start.toolName;
  return `${d.phase} ${start.kind} ${start.agentName} ${what}${d.phase === 'end' ? ` ${d.status}` : ''}`;
}

const cost = (p: { inputPerMillion: number; outputPerMillion: number }, u: { inputTokens: number; outputTokens: number }) =>
  (u.inputTokens * p.inputPerMillion + u.outputTokens * p.outputPerMillion) / 1_000_000;

describe('call events', () => {
  it('a run and its resume: each model and tool call starts and ends once, in order, with its input, answer, tokens and cost', async () => {
    studio = createStudio({ target: pricedAgents(), store: new MemoryStore(), prices: PRICES });
    const first = await streamed('/api/threads/t1/runs', { input: { query: QUERY } });
    const end = first.at(-1)!.data;
    expect(end.status).toBe('interrupted');
    const resumed = await streamed('/api/threads/t1/resume', { resume: { [end.interrupts[0].id]: { approved: true } } });
    expect(resumed.at(-1)!.data).toMatchObject({ status: 'done', output: { finalMessage: { content: FINAL_ANSWER } } });

    const calls = [...first, ...resumed].filter((e) => e.event === 'call');
    for (const e of calls) expect(callEvent.safeParse(e.data).error).toBeUndefined();
    const starts = new Map<string, ReadEvent['data']>();
    const lines = calls.map((e) => line(e, starts));
    // Two tools at once: both start before either ends (which ends first is theirs to decide).
    expect(lines.slice(0, 2)).toEqual(['start model Triage scripted:triage', 'end model Triage scripted:triage done']);
    expect(lines.slice(2, 4)).toEqual(['start tool Triage lookup_order', 'start tool Triage check_stock']);
    expect(lines.slice(4, 6).sort()).toEqual(['end tool Triage check_stock failed', 'end tool Triage lookup_order done']);
    expect(lines.slice(6)).toEqual([
      'start model Triage scripted:triage',
      'end model Triage scripted:triage done',
      'start tool Triage transfer_to_agent',
      'end tool Triage transfer_to_agent done',
      'start model Billing billing-model',
      'end model Billing billing-model done',
      'start tool Billing refund',
      // The approval wait is no part of the call: it ends with the run, and runs again on resume.
      'end tool Billing refund interrupted',
      'start tool Billing refund',
      'end tool Billing refund done',
      'start model Billing billing-model',
      'end model Billing billing-model done',
      'start tool Billing transfer_to_agent',
      'end tool Billing transfer_to_agent done',
      'start model Triage scripted:triage',
      'end model Triage scripted:triage done',
    ]);
    // Ids are the run's own: one per call, its start's and its end's.
    for (const run of [first, resumed]) {
      const ids = run.filter((e) => e.event === 'call').map((e) => e.data.callId);
      expect(new Set(ids).size * 2).toBe(ids.length);
    }

    const models = calls.filter((e) => e.data.phase === 'end' && e.data.kind === 'model').map((e) => e.data);
    const expected = [CALLS.triageTools, CALLS.triageTransfer, CALLS.billingRefund, CALLS.billingBack, CALLS.triageAnswer];
    expect(models.map((m) => m.usage)).toEqual(expected.map((c) => c.usage));
    expect(models.map((m) => m.finishReason)).toEqual(['tool-calls', 'tool-calls', 'tool-calls', 'tool-calls', 'stop']);
    expect(models.map((m) => (m.message.toolCalls ?? []).map((c: { name: string }) => c.name))).toEqual(expected.map((c) => c.toolCalls));
    // Triage is priced by the model that answered, Billing by its ChatModel's name.
    expect(models.map((m) => [m.responseModel, m.priceModel])).toEqual([
      ['triage-2026-01', 'triage-2026-01'],
      ['triage-2026-01', 'triage-2026-01'],
      [undefined, 'billing-model'],
      [undefined, 'billing-model'],
      ['triage-2026-01', 'triage-2026-01'],
    ]);
    const priceOf = [
      PRICES['triage-2026-01'],
      PRICES['triage-2026-01'],
      PRICES['billing-model'],
      PRICES['billing-model'],
      PRICES['triage-2026-01'],
    ];
    expect(models.map((m) => m.cost)).toEqual(expected.map((c, i) => cost(priceOf[i]!, c.usage)));
    expect(models[0]!.cost).toBeCloseTo(0.0038, 12);

    // The first model call's input: the instruction, then the query.
    const firstInput = calls[0]!.data.messages;
    expect(firstInput[0]).toMatchObject({ role: 'system', content: expect.stringContaining('You triage orders.') });
    expect(firstInput.slice(1)).toEqual([{ role: 'user', content: QUERY }]);
    // The failed tool: its error, and the error text the model is given as its result.
    const stock = calls.find((e) => e.data.phase === 'end' && e.data.status === 'failed')!.data;
    expect(stock.error.message).toContain('the stock service is down');
    expect(stock.result).toContain('the stock service is down');
    const lookupStart = calls.find((e) => e.data.toolName === 'lookup_order')!.data;
    expect(lookupStart).toMatchObject({ toolCallId: 't1', arguments: '{"order":"A1"}', node: 'Triage:tools', path: [] });
    // Times are the run's own: each end is its start plus its duration, within the run's graph events.
    for (const e of calls.filter((c) => c.data.phase === 'end')) {
      const start = calls.find((c) => c.data.phase === 'start' && c.data.callId === e.data.callId && c.id! < e.id!)!;
      expect(e.data.ts - start.data.ts).toBeGreaterThanOrEqual(e.data.durationMs);
    }
  });

  it('without prices, model calls have tokens but no cost', async () => {
    studio = createStudio({ target: pricedAgents(), store: new MemoryStore() });
    const events = await streamed('/api/threads/t2/runs', { input: { query: QUERY } });
    const ends = events.filter((e) => e.event === 'call' && e.data.phase === 'end' && e.data.kind === 'model').map((e) => e.data);
    expect(ends.map((m) => [m.usage, m.cost, m.priceModel])).toEqual([
      [CALLS.triageTools.usage, undefined, undefined],
      [CALLS.triageTransfer.usage, undefined, undefined],
      [CALLS.billingRefund.usage, undefined, undefined],
    ]);
  });
});

describe('createStudio prices', () => {
  const make = (prices: unknown) => () => createStudio({ target: pricedAgents(), store: new MemoryStore(), prices: prices as never });
  const refused = (detail: string) => ({
    name: 'StudioError',
    code: 'INVALID_ARGUMENT',
    message: `createStudio(): prices ${detail}; write it as { '<model name>': { inputPerMillion: 2.5, outputPerMillion: 10 } } (US dollars per million tokens)`,
  });

  it.each([
    ['a list', [], 'must be an object of model names'],
    ['null', null, 'must be an object of model names'],
    ['an empty name', { '': { inputPerMillion: 1, outputPerMillion: 1 } }, 'has an empty model name'],
    ['a number for a price', { m: 3 }, '["m"] must be an object'],
    ['a missing field', { m: { inputPerMillion: 1 } }, '["m"].outputPerMillion must be a number of at least 0 (got undefined)'],
    ['a string', { m: { inputPerMillion: '1', outputPerMillion: 1 } }, '["m"].inputPerMillion must be a number of at least 0 (got "1")'],
    [
      'a negative price',
      { m: { inputPerMillion: 1, outputPerMillion: -2 } },
      '["m"].outputPerMillion must be a number of at least 0 (got -2)',
    ],
    ['NaN', { m: { inputPerMillion: Number.NaN, outputPerMillion: 1 } }, '["m"].inputPerMillion must be a number of at least 0 (got null)'],
    [
      'an unknown field',
      { m: { inputPerMillion: 1, outputPerMillion: 1, cachedInputPerMillion: 0.5 } },
      '["m"] has unknown field cachedInputPerMillion',
    ],
  ])('refuses %s with INVALID_ARGUMENT naming the entry', (_, prices, detail) => {
    expect(make(prices)).toThrow(expect.objectContaining(refused(detail)));
  });

  it('takes a table of non-negative prices, a model named like an Object property included', () => {
    studio = make({ constructor: { inputPerMillion: 0, outputPerMillion: 0 }, 'gpt-4o': { inputPerMillion: 2.5, outputPerMillion: 10 } })();
    expect(typeof studio.fetch).toBe('function');
  });
});

import { context, SpanKind, type Tracer } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { InMemoryBank, hashEmbedder, type MemoryBank } from '@weft/memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otelMemoryBank } from './index.ts';
import { AsyncContext } from '../test-support/async-context.ts';
import { memoryTracing, spanTree } from '../test-support/span-tree.ts';

// The active span follows awaits only with a context manager (the Node SDK registers one).
beforeAll(() => {
  context.setGlobalContextManager(new AsyncContext());
});
afterAll(() => {
  context.disable();
});

/** The attributes of a span, without the ones that differ run to run (none do: times come from the virtual clock). */
const attrs = (s: ReadableSpan) => ({ ...s.attributes });

function tracedBank(options: { embedder?: boolean; captureContent?: boolean; bank?: MemoryBank } = {}) {
  const tracing = memoryTracing();
  let now = 1_000;
  const inner =
    options.bank ??
    new InMemoryBank({ now: () => now, ...(options.embedder === false ? {} : { embedder: hashEmbedder({ dimensions: 64 }) }) });
  const bank = otelMemoryBank(inner, { tracer: tracing.tracer, captureContent: options.captureContent === true });
  return { ...tracing, bank, advance: (ms: number) => (now += ms) };
}

/** Every string a span carries: attribute values, event attributes, the status message. */
function spanText(spans: readonly ReadableSpan[]): string {
  return JSON.stringify(spans.map((s) => [s.name, s.attributes, s.events.map((e) => [e.name, e.attributes]), s.status]));
}

describe('otelMemoryBank: a span per bank call', () => {
  it('names each span memory.<call> and gives it the namespace, key, put status, value bytes, search mode and counts', async () => {
    const { bank, exporter, advance } = tracedBank();
    const value = { text: 'The customer is on the Pro plan' };
    expect((await bank.put(['users', 'u42'], 'plan', value, { idempotencyKey: 'call-1' })).status).toBe('written');
    expect((await bank.put(['users', 'u42'], 'plan', { text: 'other' }, { idempotencyKey: 'call-1' })).status).toBe('duplicate');
    await bank.put(['users', 'u42'], 'trip', { text: 'Flies to Lisbon on Friday' }, { ttlMs: 500 });
    expect((await bank.get(['users', 'u42'], 'plan'))?.value).toEqual(value);
    expect(await bank.get(['users', 'u42'], 'missing')).toBeUndefined();
    expect((await bank.list(['users'], { limit: 5 })).items.map((i) => i.key)).toEqual(['plan', 'trip']);
    expect((await bank.search(['users'], { query: 'Which plan?', limit: 3 })).mode).toBe('vector');
    expect((await bank.search(['users'], { query: 'plan', mode: 'keyword', filter: { text: { $ne: 'x' } } })).items).toHaveLength(1);
    expect(await bank.delete(['users', 'u42'], 'plan')).toBe(true);
    advance(1_000);
    expect(await bank.sweep()).toBe(1);
    await bank.close();

    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual([
      'memory.put',
      'memory.put',
      'memory.put',
      'memory.get',
      'memory.get',
      'memory.list',
      'memory.search',
      'memory.search',
      'memory.delete',
      'memory.sweep',
    ]);
    expect(spans.every((s) => s.kind === SpanKind.INTERNAL && s.status.code === 0 && s.events.length === 0)).toBe(true);
    const bytes = Buffer.byteLength(JSON.stringify(value));
    expect(spans.map(attrs)).toEqual([
      {
        'db.operation.name': 'put',
        'weft.memory.namespace': 'users/u42',
        'weft.memory.key': 'plan',
        'weft.memory.put.idempotent': true,
        'weft.memory.put.status': 'written',
        'weft.memory.value.bytes': bytes,
      },
      // The duplicate answers with the item as stored: its bytes are the first value's.
      {
        'db.operation.name': 'put',
        'weft.memory.namespace': 'users/u42',
        'weft.memory.key': 'plan',
        'weft.memory.put.idempotent': true,
        'weft.memory.put.status': 'duplicate',
        'weft.memory.value.bytes': bytes,
      },
      {
        'db.operation.name': 'put',
        'weft.memory.namespace': 'users/u42',
        'weft.memory.key': 'trip',
        'weft.memory.put.ttl_ms': 500,
        'weft.memory.put.status': 'written',
        'weft.memory.value.bytes': Buffer.byteLength(JSON.stringify({ text: 'Flies to Lisbon on Friday' })),
      },
      {
        'db.operation.name': 'get',
        'weft.memory.namespace': 'users/u42',
        'weft.memory.key': 'plan',
        'db.response.returned_rows': 1,
        'weft.memory.value.bytes': bytes,
      },
      { 'db.operation.name': 'get', 'weft.memory.namespace': 'users/u42', 'weft.memory.key': 'missing', 'db.response.returned_rows': 0 },
      { 'db.operation.name': 'list', 'weft.memory.namespace': 'users', 'weft.memory.limit': 5, 'db.response.returned_rows': 2 },
      {
        'db.operation.name': 'search',
        'weft.memory.namespace': 'users',
        'weft.memory.limit': 3,
        'db.response.returned_rows': 2,
        'weft.memory.search.mode': 'vector',
      },
      {
        'db.operation.name': 'search',
        'weft.memory.namespace': 'users',
        'weft.memory.filtered': true,
        'db.response.returned_rows': 1,
        'weft.memory.search.mode': 'keyword',
      },
      { 'db.operation.name': 'delete', 'weft.memory.namespace': 'users/u42', 'weft.memory.key': 'plan', 'weft.memory.deleted': true },
      { 'db.operation.name': 'sweep', 'weft.memory.swept': 1 },
    ]);
  });

  it('records why a search fell back to keywords, and recent searches', async () => {
    const { bank, exporter } = tracedBank({ embedder: false });
    await bank.put(['notes'], 'a', { text: 'aisle seat' });
    await bank.search(['notes'], { query: 'seat' });
    await bank.search([]);
    const [keyword, recent] = exporter.getFinishedSpans().filter((s) => s.name === 'memory.search');
    expect(attrs(keyword!)).toEqual({
      'db.operation.name': 'search',
      'weft.memory.namespace': 'notes',
      'db.response.returned_rows': 1,
      'weft.memory.search.mode': 'keyword',
      'weft.memory.search.fallback': 'this bank has no embedder: keyword search',
    });
    expect(attrs(recent!)).toEqual({
      'db.operation.name': 'search',
      'weft.memory.namespace': '',
      'db.response.returned_rows': 1,
      'weft.memory.search.mode': 'recent',
    });
  });

  it('is a child of the active span, and what the bank starts inside a call is a child of the call', async () => {
    const tracing = memoryTracing();
    // The inner bank is traced too: its spans start inside the outer bank's calls.
    const inner = otelMemoryBank(new InMemoryBank(), { tracer: tracing.tracer });
    const bank = otelMemoryBank(inner, { tracer: tracing.tracer });
    await inTool(tracing.tracer, async () => {
      await bank.put(['users', 'u1'], 'k', { text: 'x' });
      await bank.get(['users', 'u1'], 'k');
    });
    await bank.list(['users']);
    const spans = tracing.exporter.getFinishedSpans();
    expect(spanTree(spans)).toEqual([
      'execute_tool remember',
      '  memory.put',
      '    memory.put',
      '  memory.get',
      '    memory.get',
      'memory.list',
      '  memory.list',
    ]);
    expect(new Set(spans.filter((s) => s.name !== 'memory.list').map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(spans.find((s) => s.name === 'memory.list' && s.parentSpanContext === undefined)).toBeDefined();
  });

  it('a failed call: status ERROR, error.type the MemoryError code, the error rethrown as it was, and no message without captureContent', async () => {
    const { bank, exporter } = tracedBank();
    const refused = await bank.put(['users', 'u1'], '', { text: 'secret' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'MemoryError', code: 'INVALID_KEY' });
    const failing = otelMemoryBank(
      new InMemoryBank({ embedder: { name: 'down', dimensions: 4, embed: () => Promise.reject(new Error('embedding service down')) } }),
      { tracer: memoryTracing().tracer },
    );
    await expect(failing.put(['a'], 'k', { text: 't' })).rejects.toMatchObject({ code: 'EMBEDDING_FAILED' });
    await expect(bank.search(['users'], { limit: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => [s.name, s.status, s.attributes['error.type'], s.events.length])).toEqual([
      ['memory.put', { code: 2, message: 'INVALID_KEY' }, 'INVALID_KEY', 0],
      ['memory.search', { code: 2, message: 'INVALID_ARGUMENT' }, 'INVALID_ARGUMENT', 0],
    ]);
    expect(spans[0]!.attributes).not.toHaveProperty('weft.memory.put.status');
  });

  it('with captureContent, an error span carries the message and an exception event', async () => {
    const { bank, exporter } = tracedBank({ captureContent: true });
    const err = (await bank.search(['users'], { limit: 0 }).catch((e: unknown) => e)) as Error;
    const [span] = exporter.getFinishedSpans();
    expect(span!.status).toEqual({ code: 2, message: err.message });
    expect(span!.events.map((e) => [e.name, e.attributes])).toEqual([
      ['exception', { 'exception.type': 'MemoryError', 'exception.message': err.message }],
    ]);
  });

  it('records no value and no query text unless captureContent; with it, the value JSON and the query', async () => {
    const calls = async (bank: MemoryBank) => {
      await bank.put(['users', 'u1'], 'k', { text: 'zebra-secret allergy', note: 'okapi-private' });
      await bank.get(['users', 'u1'], 'k');
      await bank.list(['users'], { filter: { note: 'okapi-private' } });
      await bank.search(['users'], { query: 'quokka-question zebra-secret' });
      await bank.search(['users'], { query: 'quokka-question', mode: 'keyword', filter: { note: 'okapi-private' } });
      await bank.put(['users', 'u1'], 'bad', { text: 'zebra-secret', n: Number.NaN }).catch(() => undefined);
    };
    const quiet = tracedBank();
    await calls(quiet.bank);
    const text = spanText(quiet.exporter.getFinishedSpans());
    expect(quiet.exporter.getFinishedSpans()).toHaveLength(6);
    for (const secret of ['zebra', 'okapi', 'quokka', 'allergy']) expect(text).not.toContain(secret);

    const loud = tracedBank({ captureContent: true });
    await calls(loud.bank);
    const spans = loud.exporter.getFinishedSpans();
    const stored = JSON.stringify({ text: 'zebra-secret allergy', note: 'okapi-private' });
    expect(spans[0]!.attributes['weft.memory.value']).toBe(stored);
    expect(spans[1]!.attributes['weft.memory.value']).toBe(stored);
    expect(spans[3]!.attributes['weft.memory.search.query']).toBe('quokka-question zebra-secret');
    expect(spans[5]!.attributes['error.type']).toBe('INVALID_VALUE');
  });

  it('names its OpenTelemetry attributes as @opentelemetry/semantic-conventions does', async () => {
    const stable = (await import('@opentelemetry/semantic-conventions')) as Record<string, unknown>;
    const incubating = (await import('@opentelemetry/semantic-conventions/incubating')) as Record<string, unknown>;
    expect([stable['ATTR_DB_OPERATION_NAME'], incubating['ATTR_DB_RESPONSE_RETURNED_ROWS'], stable['ATTR_ERROR_TYPE']]).toEqual([
      'db.operation.name',
      'db.response.returned_rows',
      'error.type',
    ]);
  });
});

/** Runs `body` inside an active span, as a tool call of an agent would. */
function inTool(tracer: Tracer, body: () => Promise<void>): Promise<void> {
  return tracer.startActiveSpan('execute_tool remember', async (span) => {
    try {
      await body();
    } finally {
      span.end();
    }
  });
}

import { context, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { chatModelAgent, Runner, tool } from '@weft/agents';
import { defineEval, runEval, type CaseReport, type EvalObserver } from '@weft/eval';
import { scriptedModel } from '@weft/models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { otelEvalObserver, otelInstrumentation } from './index.ts';
import { AsyncContext } from '../test-support/async-context.ts';
import { memoryTracing, spanTree } from '../test-support/span-tree.ts';

// The case's span is active while it runs only with a context manager (the Node SDK registers one).
beforeAll(() => {
  context.setGlobalContextManager(new AsyncContext());
});
afterAll(() => {
  context.disable();
});

const weather = tool({
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `sunny in ${city}`,
});

/** A traced Weft run of a scripted agent that calls one tool, on `threadId`. */
async function weatherRun(tracer: ReturnType<typeof memoryTracing>['tracer'], threadId: string) {
  const model = scriptedModel(
    [{ toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }] }, { text: 'It is sunny in Oslo.' }],
    { name: 'gpt-test' },
  );
  const agent = chatModelAgent({ name: 'Weather', description: 'answers about the weather', model, tools: [weather] });
  return new Runner({ agent, instrumentation: [otelInstrumentation({ tracer })] }).query('weather in Oslo?', { threadId });
}

/** A case report as `runEval` makes one, with the parts the observer reads given. */
function caseReport(parts: Pick<CaseReport, 'id' | 'status' | 'score' | 'scorers' | 'threadId'> & Partial<CaseReport>): CaseReport {
  return {
    tags: [],
    checkpointId: undefined,
    runStatus: 'done',
    output: 'It is sunny in Oslo.',
    trajectory: [],
    path: { nodes: [], edges: [] },
    interrupts: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, modelCalls: 2, steps: 4, durationMs: 0 },
    durationMs: 0,
    ...parts,
  };
}

const events = (span: ReadableSpan) => span.events.map((e) => [e.name, e.attributes]);
const byName = (spans: readonly ReadableSpan[], name: string) => spans.find((s) => s.name === name)!;

describe('otelEvalObserver: a span per case try, scores as gen_ai.evaluation.result events', () => {
  it('makes the case span the parent of its runs, adds one event per scorer in order, and marks a case with a failed scorer ERROR', async () => {
    const { exporter, tracer } = memoryTracing();
    // The observer is what runEval takes: it is assignable to @weft/eval's EvalObserver.
    const observer: EvalObserver = otelEvalObserver({ tracer });
    const report = caseReport({
      id: 'oslo',
      status: 'error',
      score: 0.5,
      threadId: 'eval-oslo-1',
      scorers: {
        answer: { kind: 'scored', score: 1, pass: true, reason: 'mentions Oslo' },
        tools: { kind: 'scored', score: 0, pass: false, reason: 'expected get_forecast, got get_weather' },
        cost: { kind: 'skipped' },
        judge: { kind: 'error', message: 'the judge model answered no JSON', code: 'JUDGE_INVALID' },
      },
    });
    let runStatus: string | undefined;
    const returned = await observer.observeCase({ eval: 'weather', caseId: 'oslo', attempt: 1, threadId: 'eval-oslo-1' }, async () => {
      runStatus = (await weatherRun(tracer, 'eval-oslo-1')).status;
      return report;
    });

    expect(returned).toBe(report);
    expect(runStatus).toBe('done');
    const spans = exporter.getFinishedSpans();
    expect(spanTree(spans, ['weft.eval.case.status'])).toEqual([
      'eval_case oslo weft.eval.case.status="error" !gen_ai.evaluation.result !gen_ai.evaluation.result !gen_ai.evaluation.result ERROR',
      '  run agents:Weather',
      '    step 1',
      '      node run:start',
      '    invoke_agent Weather',
      '      chat gpt-test',
      '      execute_tool get_weather',
      '      chat gpt-test',
    ]);
    const span = byName(spans, 'eval_case oslo');
    expect(byName(spans, 'run agents:Weather').parentSpanContext?.spanId).toBe(span.spanContext().spanId);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes).toEqual({
      'weft.eval.name': 'weather',
      'weft.eval.case.id': 'oslo',
      'weft.eval.case.attempt': 1,
      'gen_ai.conversation.id': 'eval-oslo-1',
      'weft.eval.case.status': 'error',
      'weft.eval.case.score': 0.5,
      'error.type': 'JUDGE_INVALID',
    });
    expect(events(span)).toEqual([
      [
        'gen_ai.evaluation.result',
        {
          'gen_ai.evaluation.name': 'answer',
          'gen_ai.evaluation.score.value': 1,
          'gen_ai.evaluation.score.label': 'pass',
          'gen_ai.evaluation.explanation': 'mentions Oslo',
        },
      ],
      [
        'gen_ai.evaluation.result',
        {
          'gen_ai.evaluation.name': 'tools',
          'gen_ai.evaluation.score.value': 0,
          'gen_ai.evaluation.score.label': 'fail',
          'gen_ai.evaluation.explanation': 'expected get_forecast, got get_weather',
        },
      ],
      ['gen_ai.evaluation.result', { 'gen_ai.evaluation.name': 'judge', 'error.type': 'JUDGE_INVALID' }],
    ]);
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the judge model answered no JSON' });
    // The events come before the span ends: their times lie inside it.
    const nanos = ([s, ns]: readonly [number, number]) => s * 1e9 + ns;
    for (const e of span.events) expect(nanos(e.time)).toBeLessThanOrEqual(nanos(span.endTime));
  });

  it('leaves a failed or interrupted case unset, names a run error by its code, and an errored scorer without a code _OTHER', async () => {
    const { exporter, provider } = memoryTracing();
    const observer: EvalObserver = otelEvalObserver({ tracerProvider: provider });
    const info = (caseId: string) => ({ eval: 'weather', caseId, attempt: 2, threadId: `eval-${caseId}-2` });
    const scored = { kind: 'scored', score: 0, pass: false, reason: '' } as const;
    await observer.observeCase(info('failed'), async () =>
      caseReport({ id: 'failed', status: 'failed', score: 0, threadId: 't', scorers: { answer: scored } }),
    );
    await observer.observeCase(info('stopped'), async () =>
      caseReport({ id: 'stopped', status: 'interrupted', score: 0, threadId: 't', scorers: {}, runStatus: 'interrupted' }),
    );
    await observer.observeCase(info('broken'), async () =>
      caseReport({
        id: 'broken',
        status: 'error',
        score: 0,
        threadId: 't',
        scorers: { judge: { kind: 'error', message: 'boom' } },
        error: { code: 'CASSETTE_MISMATCH', message: 'the model was asked something the cassette does not hold' },
        runStatus: 'error',
      }),
    );

    const spans = exporter.getFinishedSpans();
    const failed = byName(spans, 'eval_case failed');
    expect(failed.status).toEqual({ code: SpanStatusCode.UNSET });
    expect(failed.attributes).toMatchObject({ 'weft.eval.case.status': 'failed', 'weft.eval.case.score': 0, 'weft.eval.case.attempt': 2 });
    expect('error.type' in failed.attributes).toBe(false);
    // An empty reason explains nothing: no explanation attribute.
    expect(events(failed)).toEqual([
      [
        'gen_ai.evaluation.result',
        { 'gen_ai.evaluation.name': 'answer', 'gen_ai.evaluation.score.value': 0, 'gen_ai.evaluation.score.label': 'fail' },
      ],
    ]);
    const stopped = byName(spans, 'eval_case stopped');
    expect([stopped.status, stopped.attributes['weft.eval.case.status'], stopped.events]).toEqual([
      { code: SpanStatusCode.UNSET },
      'interrupted',
      [],
    ]);
    const broken = byName(spans, 'eval_case broken');
    expect(broken.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the model was asked something the cassette does not hold' });
    expect(broken.attributes['error.type']).toBe('CASSETTE_MISMATCH');
    expect(events(broken)).toEqual([['gen_ai.evaluation.result', { 'gen_ai.evaluation.name': 'judge', 'error.type': '_OTHER' }]]);
  });

  it('records what run() throws on the case span and rethrows it unchanged', async () => {
    const { exporter, tracer } = memoryTracing();
    const failure = Object.assign(new Error('the target factory threw'), { code: 'TARGET_FAILED' });
    const observer = otelEvalObserver({ tracer });
    await expect(
      observer.observeCase({ eval: 'weather', caseId: 'oslo', attempt: 1, threadId: 'eval-oslo-1' }, () => Promise.reject(failure)),
    ).rejects.toBe(failure);

    const [span, ...others] = exporter.getFinishedSpans();
    expect(others).toEqual([]);
    expect(span!.name).toBe('eval_case oslo');
    expect(span!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the target factory threw' });
    expect(span!.attributes['error.type']).toBe('TARGET_FAILED');
    expect('weft.eval.case.status' in span!.attributes).toBe(false);
    expect(events(span!)).toEqual([['exception', { 'exception.type': 'Error', 'exception.message': 'the target factory threw' }]]);
  });

  it('with runEval: the case span holds both runs of a case that is resumed from its answers, and its scorers as events', async () => {
    const { exporter, tracer } = memoryTracing();
    const refund = tool({
      name: 'refund',
      description: 'Refunds an amount.',
      parameters: z.object({ amount: z.number() }),
      needsApproval: true,
      execute: ({ amount }) => `refunded ${amount}`,
    });
    const definition = defineEval({
      name: 'billing',
      // A factory: each case gets its own scripted model.
      target: () =>
        chatModelAgent({
          name: 'Clerk',
          description: 'refunds',
          model: scriptedModel([{ toolCalls: [{ id: 'r1', name: 'refund', arguments: { amount: 40 } }] }, { text: 'Refunded 40.' }], {
            name: 'm',
          }),
          tools: [refund],
        }),
      cases: [{ id: 'refund', input: 'Refund my 40.', answers: { 'agent:Clerk/tool:refund:*': { approved: true } } }],
      scorers: {
        answer: (run) => ({ score: 1, pass: true, reason: `answered ${String(run.output)}` }),
        polite: () => ({ score: 0, pass: false, reason: 'no thanks' }),
        budget: () => null,
      },
    });
    const report = await runEval(definition, {
      mode: 'live',
      observers: [otelEvalObserver({ tracer })],
      instrumentation: [otelInstrumentation({ tracer })],
    });

    expect(report.cases.map((c) => [c.id, c.status, c.score])).toEqual([['refund', 'failed', 0.5]]);
    const spans = exporter.getFinishedSpans();
    expect(spanTree(spans, ['weft.run.status'])).toEqual([
      'eval_case refund !gen_ai.evaluation.result !gen_ai.evaluation.result',
      '  run agents:Clerk weft.run.status="interrupted" !interrupt',
      '    step 1',
      '      node run:start',
      '    invoke_agent Clerk',
      '      chat m',
      // The tool asked for approval: its first try ended at the interrupt, the resume ran it.
      '      execute_tool refund',
      '    run agents:Clerk weft.run.status="done"',
      '      invoke_agent Clerk',
      '        execute_tool refund',
      '        chat m',
    ]);
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
    const span = byName(spans, 'eval_case refund');
    expect(span.attributes).toEqual({
      'weft.eval.name': 'billing',
      'weft.eval.case.id': 'refund',
      'weft.eval.case.attempt': 1,
      'gen_ai.conversation.id': report.cases[0]!.threadId,
      'weft.eval.case.status': 'failed',
      'weft.eval.case.score': 0.5,
    });
    expect(span.status).toEqual({ code: SpanStatusCode.UNSET });
    expect(events(span)).toEqual([
      [
        'gen_ai.evaluation.result',
        {
          'gen_ai.evaluation.name': 'answer',
          'gen_ai.evaluation.score.value': 1,
          'gen_ai.evaluation.score.label': 'pass',
          'gen_ai.evaluation.explanation': 'answered Refunded 40.',
        },
      ],
      [
        'gen_ai.evaluation.result',
        {
          'gen_ai.evaluation.name': 'polite',
          'gen_ai.evaluation.score.value': 0,
          'gen_ai.evaluation.score.label': 'fail',
          'gen_ai.evaluation.explanation': 'no thanks',
        },
      ],
    ]);
  });
});

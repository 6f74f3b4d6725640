import { chatModelAgent, outputGuardrail, Runner, toolGuardrail, tool } from '@weft/agents';
import { END, START, graph, guardrail } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { otelInstrumentation } from './index.ts';
import { memoryTracing } from '../test-support/span-tree.ts';

const eventsOf = (span: { events: { name: string; attributes?: unknown }[] } | undefined) =>
  span?.events.map((e) => [e.name, e.attributes]);

describe('guardrail span events', () => {
  it("an agent's tool rewrite and output trip are weft.guardrail events on its span; the run span has error.type", async () => {
    const { exporter, tracer } = memoryTracing();
    const lookup = tool({
      name: 'lookup',
      description: 'Looks a customer up.',
      parameters: z.object({ id: z.string() }),
      execute: () => 'card 4111 1111 1111 1111',
    });
    const redact = toolGuardrail({
      name: 'redact',
      after: (result) => ({ action: 'rewrite', value: String(result).replace(/\d/g, '#'), reason: 'digits hidden' }),
    });
    const noCard = outputGuardrail({
      name: 'no-card',
      check: (text) => (/\d{4}/.test(String(text)) ? { action: 'trip', reason: 'contains a card number' } : { action: 'pass' }),
    });
    const model = scriptedModel([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: { id: 'c-1' } }] }, { text: 'Your card is 4111.' }], {
      name: 'm',
    });
    const agent = chatModelAgent({
      name: 'Support',
      description: 'answers',
      model,
      tools: [lookup],
      guardrails: { tool: [redact], output: [noCard] },
    });
    const result = await new Runner({ agent, instrumentation: [otelInstrumentation({ tracer })] }).query('my card?');
    expect(result.status).toBe('error');
    const spans = exporter.getFinishedSpans();
    expect(eventsOf(spans.find((s) => s.name === 'invoke_agent Support'))).toEqual([
      [
        'weft.guardrail',
        {
          'weft.guardrail.name': 'redact',
          'weft.guardrail.stage': 'tool-after',
          'weft.guardrail.action': 'rewrite',
          'weft.guardrail.reason': 'digits hidden',
        },
      ],
      [
        'weft.guardrail',
        {
          'weft.guardrail.name': 'no-card',
          'weft.guardrail.stage': 'output',
          'weft.guardrail.action': 'trip',
          'weft.guardrail.reason': 'contains a card number',
        },
      ],
    ]);
    const run = spans.find((s) => s.name === 'run agents:Support')!;
    expect(run.attributes['error.type']).toBe('GUARDRAIL_TRIPPED');
    expect(run.status.code).toBe(2);
    // Content stays off the span: the rewrite's original and replacement are not attributes.
    expect(JSON.stringify(spans.map((s) => s.events))).not.toContain('4111');
  });

  it("a graph node's guardrail event is a weft.guardrail event on the node's span, and no other span has one", async () => {
    const { exporter, tracer } = memoryTracing();
    const clamp = guardrail<number>({
      name: 'clamp',
      check: (n: number) => (n > 10 ? { action: 'rewrite', value: 10, reason: 'at most 10' } : { action: 'pass' }),
    });
    const g = graph<number, number>({ name: 'double' })
      .addNode('double', (n: number) => n * 2, { guardrails: { input: [clamp] } })
      .addEdge(START, 'double')
      .addEdge('double', END)
      .compile();
    const done = await g.run(50, { instrumentation: [otelInstrumentation({ tracer })] });
    expect(done.output).toBe(20);
    const spans = exporter.getFinishedSpans();
    expect(spans.filter((s) => s.events.length > 0).map((s) => [s.name, eventsOf(s)])).toEqual([
      [
        'node double',
        [
          [
            'weft.guardrail',
            {
              'weft.guardrail.name': 'clamp',
              'weft.guardrail.stage': 'input',
              'weft.guardrail.action': 'rewrite',
              'weft.guardrail.reason': 'at most 10',
            },
          ],
        ],
      ],
    ]);
  });
});

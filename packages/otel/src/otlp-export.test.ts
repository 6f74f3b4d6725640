import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { chatModelAgent, Runner, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { otelInstrumentation } from './index.ts';

/** An OTLP/HTTP receiver in the test: keeps each POST to /v1/traces, decoded from JSON. */
async function receiver() {
  const bodies: { contentType: string | undefined; body: OtlpTraces }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (d: string) => (text += d));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces')
        bodies.push({ contentType: req.headers['content-type'], body: JSON.parse(text) as OtlpTraces });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    bodies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number; arrayValue?: unknown } }[];
}
interface OtlpTraces {
  resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => void (await Promise.all(closers.splice(0).map((c) => c()))));

describe('otelInstrumentation with the OTLP/HTTP exporter', () => {
  it('sends the run’s spans to a collector: names, parents and GenAI attributes arrive as OTLP JSON', async () => {
    const collector = await receiver();
    closers.push(collector.close);
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: collector.url }))] });
    closers.push(() => provider.shutdown());
    const lookup = tool({
      name: 'lookup',
      description: 'looks up',
      parameters: z.object({ q: z.string() }),
      execute: ({ q }) => `found ${q}`,
    });
    const model = scriptedModel(
      [
        { toolCalls: [{ id: 'l1', name: 'lookup', arguments: { q: 'x' } }], usage: { inputTokens: 7, outputTokens: 2 } },
        { text: 'ok', finishReason: 'stop' },
      ],
      { name: 'gpt-otlp' },
    );
    const agent = chatModelAgent({ name: 'Finder', description: '', model, tools: [lookup] });
    await new Runner({ agent, instrumentation: [otelInstrumentation({ tracer: provider.getTracer('weft-test') })] }).query('find x');
    await provider.forceFlush();

    expect(collector.bodies.length).toBeGreaterThan(0);
    expect(new Set(collector.bodies.map((b) => b.contentType))).toEqual(new Set(['application/json']));
    const spans = collector.bodies.flatMap((b) => b.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    expect(spans.map((s) => s.name).sort()).toEqual(
      [
        'run agents:Finder',
        'step 1',
        'node run:start',
        'invoke_agent Finder',
        'chat gpt-otlp',
        'execute_tool lookup',
        'chat gpt-otlp',
      ].sort(),
    );
    const byName = (n: string) => spans.filter((s) => s.name === n);
    const run = byName('run agents:Finder')[0]!;
    const agentSpan = byName('invoke_agent Finder')[0]!;
    expect(agentSpan.parentSpanId).toBe(run.spanId);
    for (const s of [...byName('chat gpt-otlp'), ...byName('execute_tool lookup')]) expect(s.parentSpanId).toBe(agentSpan.spanId);
    expect(new Set(spans.map((s) => s.traceId)).size).toBe(1);
    const attr = (s: OtlpSpan, key: string) => s.attributes.find((a) => a.key === key)?.value;
    const [firstChat] = byName('chat gpt-otlp');
    expect(attr(firstChat!, 'gen_ai.request.model')).toEqual({ stringValue: 'gpt-otlp' });
    expect(Number(attr(firstChat!, 'gen_ai.usage.input_tokens')?.intValue)).toBe(7);
    expect(attr(byName('execute_tool lookup')[0]!, 'gen_ai.tool.call.id')).toEqual({ stringValue: 'l1' });
  });
});

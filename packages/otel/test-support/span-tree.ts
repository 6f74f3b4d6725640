import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

/** A tracer provider whose finished spans are kept in memory. */
export function memoryTracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, provider, tracer: provider.getTracer('test') };
}

/**
 * The spans as an indented tree, one line per span: its name, then the
 * attributes named in `show` that it has, then its events' names and an
 * ERROR mark; children in start order.
 */
export function spanTree(spans: readonly ReadableSpan[], show: readonly string[] = []): string[] {
  const byParent = new Map<string | undefined, ReadableSpan[]>();
  const ids = new Set(spans.map((s) => s.spanContext().spanId));
  for (const s of spans) {
    const parent = s.parentSpanContext?.spanId;
    const key = parent && ids.has(parent) ? parent : undefined;
    byParent.set(key, [...(byParent.get(key) ?? []), s]);
  }
  const time = (s: ReadableSpan) => s.startTime[0] * 1e9 + s.startTime[1];
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    for (const s of (byParent.get(parent) ?? []).sort((a, b) => time(a) - time(b))) {
      const attrs = show.filter((k) => s.attributes[k] !== undefined).map((k) => `${k}=${JSON.stringify(s.attributes[k])}`);
      const events = s.events.map((e) => `!${e.name}`);
      const error = s.status.code === 2 ? ['ERROR'] : [];
      lines.push(`${'  '.repeat(depth)}${[s.name, ...attrs, ...events, ...error].join(' ')}`);
      walk(s.spanContext().spanId, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines;
}

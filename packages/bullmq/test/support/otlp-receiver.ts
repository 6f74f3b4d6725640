import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as it arrived, decoded from OTLP JSON: attribute values as plain values, the sender's `service.instance.id` as `sender`. */
export interface ReceivedSpan {
  sender: string;
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** Start time, ns since the epoch. */
  start: bigint;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  links: { traceId: string; spanId: string }[];
}

interface AnyValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
}
type KeyValues = { key: string; value: AnyValue }[] | undefined;
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string | number;
  attributes?: KeyValues;
  events?: { name: string; attributes?: KeyValues }[];
  links?: { traceId: string; spanId: string }[];
}
interface OtlpTraces {
  resourceSpans?: { resource?: { attributes?: KeyValues }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

const valueOf = (v: AnyValue): unknown =>
  v.stringValue ??
  (v.intValue !== undefined ? Number(v.intValue) : undefined) ??
  v.doubleValue ??
  v.boolValue ??
  (v.arrayValue ? (v.arrayValue.values ?? []).map(valueOf) : undefined);
const attributesOf = (kvs: KeyValues): Record<string, unknown> => Object.fromEntries((kvs ?? []).map((kv) => [kv.key, valueOf(kv.value)]));

/**
 * An OTLP/HTTP trace receiver (JSON) on a free local port, as a collector
 * would be: every span POSTed to /v1/traces is decoded and kept, with the
 * `service.instance.id` of the resource that sent it.
 */
export async function otlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8').on('data', (d: string) => (text += d));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces')
        for (const rs of (JSON.parse(text) as OtlpTraces).resourceSpans ?? []) {
          const sender = String(attributesOf(rs.resource?.attributes)['service.instance.id']);
          for (const s of (rs.scopeSpans ?? []).flatMap((ss) => ss.spans ?? []))
            spans.push({
              sender,
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId ?? '',
              name: s.name,
              start: BigInt(s.startTimeUnixNano),
              attributes: attributesOf(s.attributes),
              events: (s.events ?? []).map((e) => ({ name: e.name, attributes: attributesOf(e.attributes) })),
              links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
            });
        }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

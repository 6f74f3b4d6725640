import { ROOT_CONTEXT, trace, type Context, type Span } from '@opentelemetry/api';

/** The run-context key under which a thread keeps the span its first run started: its resumes continue that trace. */
export const TRACE_CONTEXT_KEY = 'weft.otel';

interface KeptSpan {
  traceId: string;
  spanId: string;
  traceFlags: number;
}

const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;

/** The parent a thread's earlier run left in the run context (read from a checkpoint: checked, not trusted). */
export function parentOf(context: Record<string, unknown>): Context | undefined {
  const kept = context[TRACE_CONTEXT_KEY] as Partial<KeptSpan> | undefined;
  if (!kept || typeof kept.traceId !== 'string' || typeof kept.spanId !== 'string') return undefined;
  if (!HEX32.test(kept.traceId) || !HEX16.test(kept.spanId)) return undefined;
  const traceFlags = typeof kept.traceFlags === 'number' ? kept.traceFlags & 0xff : 1;
  return trace.setSpanContext(ROOT_CONTEXT, { traceId: kept.traceId, spanId: kept.spanId, traceFlags, isRemote: true });
}

/** Keeps the thread's first run span in the run context (saved with the thread), unless an earlier run already did. */
export function rememberTrace(context: Record<string, unknown>, span: Span): void {
  if (parentOf(context)) return;
  const { traceId, spanId, traceFlags } = span.spanContext();
  context[TRACE_CONTEXT_KEY] = { traceId, spanId, traceFlags } satisfies KeptSpan;
}

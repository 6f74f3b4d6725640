import { trace, type Tracer } from '@opentelemetry/api';
import type { Instrumentation } from '@weft/graph';
import { RunTracer } from './run-tracer.ts';

export interface OtelInstrumentationOptions {
  /** Default: the global tracer provider's tracer named `@weft/otel`. */
  tracer?: Tracer;
  /**
   * Record what models answered and what tools got and returned
   * (`gen_ai.output.messages`, `gen_ai.tool.call.arguments` / `.result`).
   * Off by default: they may hold personal data.
   */
  captureContent?: boolean;
}

/**
 * Traces Weft runs with OpenTelemetry: `new Runner({ agent, instrumentation:
 * [otelInstrumentation()] })` or `compiled.run(input, { instrumentation:
 * [otelInstrumentation()] })`. Each run is a span (`run <graph>`) with a span
 * per step and per node; model calls are `chat <model>` spans and tool calls
 * `execute_tool <name>` spans, under their agent's `invoke_agent <name>`
 * span, with the GenAI semantic conventions' attributes. A thread keeps its
 * first run's span in its checkpoints, so a resume (in any process, on any
 * worker) continues the same trace. With a tracer that does not record (no
 * provider registered), runs are not observed at all.
 */
export function otelInstrumentation(options: OtelInstrumentationOptions = {}): Instrumentation {
  const content = options.captureContent === true;
  return {
    startRun(run) {
      const tracer = options.tracer ?? trace.getTracer('@weft/otel', '0.1.0');
      return RunTracer.start(tracer, run, content);
    },
  };
}

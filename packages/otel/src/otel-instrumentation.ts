import { trace, type Tracer } from '@opentelemetry/api';
import type { Instrumentation } from '@weft/graph';
import { RunTracer } from './run-tracer.ts';
import { spanConventions, type ProviderOption } from './span-conventions.ts';

export interface OtelInstrumentationOptions {
  /** Default: the global tracer provider's tracer named `@weft/otel`. */
  tracer?: Tracer;
  /**
   * Record what models answered and what tools got and returned
   * (`gen_ai.output.messages`, `gen_ai.tool.call.arguments` / `.result`).
   * Off by default: they may hold personal data.
   */
  captureContent?: boolean;
  /**
   * The provider of the models (`gen_ai.provider.name`: `openai`,
   * `anthropic`, `gcp.vertex_ai`, … in the conventions' words), or a
   * function from a model's name to its provider. A Weft ChatModel does not
   * say which provider it talks to; without this, model and agent spans have
   * no provider attribute.
   */
  provider?: ProviderOption;
  /**
   * The semantic-conventions opt-in list, as `OTEL_SEMCONV_STABILITY_OPT_IN`
   * has it (default: that environment variable). With
   * `gen_ai_latest_experimental` in it, spans follow the latest
   * experimental GenAI conventions (the provider as `gen_ai.provider.name`);
   * without, v1.36.0 (the provider as `gen_ai.system`).
   */
  semconvStabilityOptIn?: string;
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
 *
 * @example
 * const runner = new Runner({ agent, instrumentation: [otelInstrumentation({ provider: 'openai' })] });
 */
export function otelInstrumentation(options: OtelInstrumentationOptions = {}): Instrumentation {
  const optIn = options.semconvStabilityOptIn ?? globalThis.process?.env['OTEL_SEMCONV_STABILITY_OPT_IN'];
  const conventions = spanConventions(optIn, options.captureContent === true, options.provider);
  return {
    startRun(run) {
      const tracer = options.tracer ?? trace.getTracer('@weft/otel', '0.1.0');
      return RunTracer.start(tracer, run, conventions);
    },
  };
}

import { trace, type Tracer } from '@opentelemetry/api';
import type { Instrumentation } from '@weft/graph';
import { RunTracer } from './run-tracer.ts';
import { spanConventions, type ProviderOption } from './span-conventions.ts';

export interface OtelInstrumentationOptions {
  /** Default: the global tracer provider's tracer named `@weft/otel`. */
  tracer?: Tracer;
  /**
   * Record what models were sent and answered and what tools got and
   * returned (`gen_ai.input.messages`, `gen_ai.output.messages`,
   * `gen_ai.tool.call.arguments` / `.result`). Off by default: they may hold
   * personal data.
   */
  captureContent?: boolean;
  /**
   * The provider of the models (`gen_ai.provider.name`: `openai`,
   * `anthropic`, `gcp.vertex_ai`, … in the conventions' words), or a
   * function from a model's id (`gen_ai.request.model`) to its provider
   * (`undefined`: not known). It wins over what a model declares
   * (`ChatModel.info.provider`: openAIChatModel and aiSdkModel declare it);
   * with neither, model and agent spans have no provider attribute.
   */
  provider?: ProviderOption;
  /**
   * Also write the provider as `gen_ai.system`, v1.36.0's name, beside
   * `gen_ai.provider.name` (for backends that read only the old name).
   */
  emitGenAiSystem?: boolean;
}

/**
 * Traces Weft runs with OpenTelemetry: `new Runner({ agent, instrumentation:
 * [otelInstrumentation()] })` or `compiled.run(input, { instrumentation:
 * [otelInstrumentation()] })`. Each run is a span (`run <graph>`) with a span
 * per step and per node; model calls are `chat <model>` spans and tool calls
 * `execute_tool <name>` spans, under their agent's `invoke_agent <name>`
 * span, with the GenAI semantic conventions' attributes (provider, server,
 * request parameters and response id as the models declare them). A thread keeps its
 * first run's span in its checkpoints, so a resume (in any process, on any
 * worker) continues the same trace. With a tracer that does not record (no
 * provider registered), runs are not observed at all.
 *
 * @example
 * const runner = new Runner({ agent, instrumentation: [otelInstrumentation({ captureContent: true })] });
 */
export function otelInstrumentation(options: OtelInstrumentationOptions = {}): Instrumentation {
  const conventions = spanConventions({
    content: options.captureContent === true,
    provider: options.provider,
    emitGenAiSystem: options.emitGenAiSystem === true,
  });
  return {
    startRun(run) {
      const tracer = options.tracer ?? trace.getTracer('@weft/otel', '0.1.0');
      return RunTracer.start(tracer, run, conventions);
    },
  };
}

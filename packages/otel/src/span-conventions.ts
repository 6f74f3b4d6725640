import type { Attributes } from '@opentelemetry/api';
import { ATTR } from './gen-ai.ts';

/** Names the provider of a model: a fixed name, or one per model (`undefined`: not known). */
export type ProviderOption = string | ((model: string) => string | undefined);

/** What every span of a run is written with: the provider's attribute names, and whether content is recorded. */
export interface SpanConventions {
  readonly content: boolean;
  /** The provider of the model the requests name `model`: the application's word first, else what the model declares. */
  provider(model: string, declared: string | undefined): string | undefined;
  /** The provider as attributes: `gen_ai.provider.name`, and `gen_ai.system` too when asked for. */
  providerAttributes(provider: string | undefined): Attributes;
}

/** How spans are written, from `otelInstrumentation()`'s options and the opt-in list. */
export interface ConventionChoices {
  content: boolean;
  provider: ProviderOption | undefined;
  /** Also write `gen_ai.system` (v1.36.0's name of the provider). */
  emitGenAiSystem: boolean;
}

/**
 * The current GenAI conventions, where the provider is `gen_ai.provider.name`
 * (v1.37.0 on): what `OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental`
 * asks an instrumentation for, and what this package writes whatever that
 * variable says (it never wrote an older version by default, so it has none to
 * keep). For backends that read only v1.36.0's name, `emitGenAiSystem` writes
 * `gen_ai.system` as well. Every other attribute this package writes has the
 * same name in both versions.
 */
export function spanConventions({ content, provider, emitGenAiSystem: dup }: ConventionChoices): SpanConventions {
  const named = typeof provider === 'function' ? provider : () => provider;
  return {
    content,
    provider: (model, declared) => named(model) ?? declared,
    providerAttributes: (name) => (name ? (dup ? { [ATTR.provider]: name, [ATTR.system]: name } : { [ATTR.provider]: name }) : {}),
  };
}

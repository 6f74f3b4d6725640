import { ATTR } from './gen-ai.ts';

/** The opt-in value of `OTEL_SEMCONV_STABILITY_OPT_IN` that selects the latest experimental GenAI conventions. */
export const GEN_AI_LATEST_EXPERIMENTAL = 'gen_ai_latest_experimental';

/** Names the provider of a model: a fixed name, or one per model name (`undefined`: not known). */
export type ProviderOption = string | ((model: string) => string | undefined);

/** What every span of a run is written with: which version of the conventions, and whether content is recorded. */
export interface SpanConventions {
  /** `gen_ai.provider.name` (latest) or `gen_ai.system` (v1.36.0, the default). */
  readonly providerKey: typeof ATTR.provider | typeof ATTR.system;
  readonly content: boolean;
  /** The provider of the model named `model`, when the application said. */
  provider(model: string): string | undefined;
}

/**
 * The conventions' transition plan: an instrumentation keeps emitting the
 * version it emitted (v1.36.0, where the provider is `gen_ai.system`) unless
 * `gen_ai_latest_experimental` is in the comma-separated opt-in list; then it
 * emits the latest experimental version only (`gen_ai.provider.name`).
 * Every other attribute this package writes has the same name in both.
 */
export function spanConventions(optIn: string | undefined, content: boolean, provider: ProviderOption | undefined): SpanConventions {
  const latest = (optIn ?? '')
    .split(',')
    .map((v) => v.trim())
    .includes(GEN_AI_LATEST_EXPERIMENTAL);
  return {
    providerKey: latest ? ATTR.provider : ATTR.system,
    content,
    provider: typeof provider === 'function' ? provider : () => provider,
  };
}

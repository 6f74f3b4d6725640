import type { Attributes } from '@opentelemetry/api';
import { ATTR } from './gen-ai.ts';

/** The `OTEL_SEMCONV_STABILITY_OPT_IN` value for the latest experimental GenAI conventions: what this package writes anyway. */
export const GEN_AI_LATEST_EXPERIMENTAL = 'gen_ai_latest_experimental';

/**
 * The `OTEL_SEMCONV_STABILITY_OPT_IN` value that also writes the provider
 * under its v1.36.0 name, `gen_ai.system`, beside `gen_ai.provider.name`
 * (named like the conventions' `http/dup` and `database/dup`, which write old
 * and new names side by side during a migration).
 */
export const GEN_AI_DUP = 'gen_ai/dup';

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
  /** The comma-separated opt-in list (`OTEL_SEMCONV_STABILITY_OPT_IN`). */
  optIn: string | undefined;
  content: boolean;
  provider: ProviderOption | undefined;
  /** Also write `gen_ai.system`; default: whether `gen_ai/dup` is in the opt-in list. */
  emitGenAiSystem: boolean | undefined;
}

/**
 * The current GenAI conventions, where the provider is `gen_ai.provider.name`
 * (v1.37.0 on). `gen_ai_latest_experimental` in the opt-in list asks for
 * exactly that. This package never wrote anything else by default, so it has
 * no older default to keep; for backends that read only the v1.36.0 name,
 * `gen_ai/dup` (or `emitGenAiSystem`) writes `gen_ai.system` as well, and wins
 * over `gen_ai_latest_experimental` when the list has both. Every other
 * attribute this package writes has the same name in both versions.
 */
export function spanConventions({ optIn, content, provider, emitGenAiSystem }: ConventionChoices): SpanConventions {
  const dup =
    emitGenAiSystem ??
    (optIn ?? '')
      .split(',')
      .map((v) => v.trim())
      .includes(GEN_AI_DUP);
  const named = typeof provider === 'function' ? provider : () => provider;
  return {
    content,
    provider: (model, declared) => named(model) ?? declared,
    providerAttributes: (name) => (name ? (dup ? { [ATTR.provider]: name, [ATTR.system]: name } : { [ATTR.provider]: name }) : {}),
  };
}

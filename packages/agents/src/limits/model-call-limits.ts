import { AgentError } from '../errors.ts';

/**
 * Bounds on one model call, so that a model that streams forever (or never
 * answers) fails the call instead of filling memory: measured, an endless
 * stream gave 648,000 chunks in 15 s and held 767 MB. Going over a bound
 * aborts the call's signal (an HTTP adapter stops reading) and fails the
 * agent with MODEL_OUTPUT_LIMIT. `Infinity` turns a bound off.
 */
export interface ModelCallLimits {
  /**
   * Chunks one streamed answer may have (default 200,000: above the 128k
   * output tokens the largest models allow, at about one chunk per token).
   */
  maxChunks?: number;
  /**
   * UTF-8 bytes of text and tool calls (ids, names, arguments) one answer may
   * have, streamed or not (default 4 MiB: 128k tokens of text are about 0.5 MB).
   */
  maxBytes?: number;
  /**
   * Milliseconds one call may take until its answer is complete, the model's
   * own retries included (default 1,200,000: 20 minutes, twice the 10 minutes
   * the OpenAI and Anthropic SDKs allow a request).
   */
  timeoutMs?: number;
}

/** Which bound a call went over. */
export type ModelCallLimit = keyof ModelCallLimits;

export const DEFAULT_MODEL_CALL_LIMITS: Readonly<Required<ModelCallLimits>> = Object.freeze({
  maxChunks: 200_000,
  maxBytes: 4 * 1024 * 1024,
  timeoutMs: 20 * 60 * 1000,
});

const NAMES = Object.keys(DEFAULT_MODEL_CALL_LIMITS) as ModelCallLimit[];

/** Checks `modelCallLimits` where it is given (`where` names the place): a typed INVALID_ARGUMENT, else a frozen copy. */
export function checkModelCallLimits(value: unknown, where: string): ModelCallLimits {
  const bad = (msg: string) => new AgentError('INVALID_ARGUMENT', `${where}: ${msg}`);
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw bad(`modelCallLimits must be an object of ${NAMES.join(', ')}`);
  const limits: ModelCallLimits = {};
  for (const [name, max] of Object.entries(value)) {
    if (!NAMES.includes(name as ModelCallLimit)) throw bad(`modelCallLimits has no option "${name}" (it has ${NAMES.join(', ')})`);
    if (max === undefined) continue;
    if (max !== Infinity && !(Number.isSafeInteger(max) && (max as number) > 0))
      throw bad(`modelCallLimits.${name} must be a positive integer or Infinity (got ${String(max)})`);
    limits[name as ModelCallLimit] = max as number;
  }
  return Object.freeze(limits);
}

/** The bounds of an agent's calls: its own, then the Runner's, then the defaults, field by field. */
export function resolveModelCallLimits(
  agent: ModelCallLimits | undefined,
  runner: ModelCallLimits | undefined,
): Readonly<Required<ModelCallLimits>> {
  return { ...DEFAULT_MODEL_CALL_LIMITS, ...runner, ...agent };
}

const OVER: Record<ModelCallLimit, (max: number) => string> = {
  maxChunks: (max) => `more than ${max} chunks in one answer`,
  maxBytes: (max) => `more than ${max} bytes of text and tool calls in one answer`,
  timeoutMs: (max) => `no complete answer within ${max} ms`,
};

/** The error of a call that went over `limit`: which bound, its figure, and where to raise it. */
export function modelOutputLimit(agent: string, model: string, limit: ModelCallLimit, max: number): AgentError {
  const message =
    `agent "${agent}": model "${model}" exceeded modelCallLimits.${limit}: ${OVER[limit](max)}; ` +
    `raise it with chatModelAgent({ modelCallLimits: { ${limit} } }) or new Runner({ modelCallLimits: { ${limit} } })`;
  return new AgentError('MODEL_OUTPUT_LIMIT', message, { details: { agent, model, limit, max } });
}

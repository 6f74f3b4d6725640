/** An error's cause as events and transcripts say it: its code and message, and its own cause. */
export interface ErrorCause {
  code: string;
  message: string;
  cause?: ErrorCause;
}

/** How many causes deep an error is said: enough for an agent's error around a model's around a provider's. */
const MAX_CAUSES = 4;

/**
 * The chain of coded causes under an error (a thrown one, or its JSON): an
 * agent's MODEL_FAILED says the model's UNSUPPORTED_CONTENT beneath it, so a
 * page can show what to fix. Undefined when the cause has no code.
 */
export function errorCause(err: unknown, depth = 0): ErrorCause | undefined {
  const cause = (err as { cause?: unknown } | null | undefined)?.cause;
  const c = cause as { code?: unknown; message?: unknown } | null | undefined;
  if (depth >= MAX_CAUSES || typeof c?.code !== 'string') return undefined;
  const below = errorCause(cause, depth + 1);
  return { code: c.code, message: typeof c.message === 'string' ? c.message : '', ...(below ? { cause: below } : {}) };
}

import { CliError, type MemoryInputCode } from './errors.ts';
import { NAMESPACE_HINT } from './parse-namespace.ts';

/** What to do about each refusal, given the words that start weft here. */
const HINTS: Record<MemoryInputCode, (weft: string) => string> = {
  INVALID_NAMESPACE: () => NAMESPACE_HINT,
  INVALID_KEY: () => 'a key is 1 to 512 characters, without control characters',
  INVALID_VALUE: () => `give the value as JSON quoted for the shell: '{"text":"…"}' (a string keeps its quotes: '"green"'), or @<file>`,
  VALUE_TOO_LARGE: () => 'store less per item: split the value into several items, or keep the data elsewhere and store where it is',
  INVALID_FILTER: () =>
    `a filter is a JSON object of fields, each a value or operators ($eq $ne $gt $gte $lt $lte $in $nin $exists): --filter '{"kind":"fact","score":{"$gte":0.5}}'`,
  INVALID_ARGUMENT: (weft) => `${weft} memory --help shows the options`,
};

/**
 * A memory bank's refusal of what the command line gave (a MemoryError with
 * an input code, judged by its code as errors are across packages) as the
 * command's error: the code before the bank's message, a hint that says how
 * to write it on the command line, exit code 2. Any other error is returned
 * as it is.
 */
export function memoryInputError(err: unknown, weft: string): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (err instanceof CliError || typeof code !== 'string' || !Object.hasOwn(HINTS, code)) return err;
  const input = code as MemoryInputCode;
  return new CliError(input, `${input}: ${(err as Error).message}`, HINTS[input](weft), { cause: err });
}

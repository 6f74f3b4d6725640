import { usageError } from './errors.ts';

/** What a whole-number flag counts, the least it takes, and a value to show in the hint. */
export interface WholeNumberSpec {
  /** What the number counts, for the message: `runs`, `bytes`, `milliseconds`. */
  unit: string;
  least: number;
  example: number;
}

/**
 * The number a flag such as `--max-runs 8` gives (undefined when the flag is
 * absent): digits only, a safe integer, at least `least`. Anything else
 * (`8.5`, `-1`, `1e3`, `lots`) is a usage error that names the command and
 * the flag, and says what to pass.
 */
export function wholeNumberFlag(command: string, flag: string, text: string | undefined, spec: WholeNumberSpec): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (/^\d+$/.test(text) && Number.isSafeInteger(n) && n >= spec.least) return n;
  throw usageError(
    `${command}: --${flag} ${JSON.stringify(text)} is not a number of ${spec.unit}`,
    `give a whole number from ${spec.least}, e.g. --${flag} ${spec.example}`,
  );
}

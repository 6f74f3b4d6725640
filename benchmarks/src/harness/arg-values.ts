/** One of `allowed`, or an error naming the `kind` of value and showing `usage`. */
export function oneOf<T extends string>(kind: string, value: string, allowed: readonly T[], usage: string): T {
  const found = allowed.find((a) => a === value);
  if (!found) throw new Error(`unknown ${kind} "${value}"\n${usage}`);
  return found;
}

/** `value` as a non-negative integer, or an error naming the `flag` and showing `usage`. */
export function nonNegativeInt(flag: string, value: string | undefined, usage: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a non-negative integer\n${usage}`);
  return n;
}

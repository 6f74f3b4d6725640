import { usageError } from './errors.ts';

/**
 * The lease time of the stores the command opens, from `WEFT_LEASE_TTL_MS`
 * (undefined: the store's default, 15 s). A process that dies holding a
 * thread blocks it this long; a holder renews every third of it, so a
 * process that stalls longer (a paused VM, a debugger) loses the thread.
 */
export function leaseTtlFromEnv(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const text = env['WEFT_LEASE_TTL_MS'];
  if (text === undefined || text === '') return undefined;
  const ms = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(ms) || ms < 1)
    throw usageError(
      `WEFT_LEASE_TTL_MS ${JSON.stringify(text)} is not a lease time`,
      'set it to a whole number of milliseconds, e.g. WEFT_LEASE_TTL_MS=15000, or unset it for the default (15 s)',
    );
  return ms;
}

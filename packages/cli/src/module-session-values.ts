import { CliError } from './errors.ts';

/**
 * The session values a module declares for its runs (`export const
 * sessionValues = { company: 'Acme' }`): the defaults `weft serve` gives
 * every run, so an agent whose instruction needs them runs from the page as
 * it does with `weft run --session`. Anything but a plain object is an error.
 */
export function moduleSessionValues(exports: Readonly<Record<string, unknown>>, path: string): Record<string, unknown> {
  const declared = exports['sessionValues'];
  if (declared === undefined) return {};
  if (declared === null || typeof declared !== 'object' || Array.isArray(declared) || Object.getPrototypeOf(declared) !== Object.prototype)
    throw new CliError(
      'EXPORT_NOT_USABLE',
      `${path} exports sessionValues, but it is not an object of values`,
      'export it as { key: value, … }',
    );
  return { ...(declared as Record<string, unknown>) };
}

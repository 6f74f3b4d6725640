import { CliError } from './errors.ts';

/** What @weft/viz exports. */
export type Viz = typeof import('@weft/viz');

/**
 * @weft/viz, loaded only by the commands that draw (it brings a layout
 * engine). It is an optional peer of @weft/cli: a project that never draws
 * need not install it, and the hint says how to when it is missing.
 */
export async function loadViz(): Promise<Viz> {
  try {
    return await import('@weft/viz');
  } catch (err) {
    const missing = (err as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' && /'@weft\/viz'/.test((err as Error).message);
    throw new CliError(
      'VIZ_UNAVAILABLE',
      `cannot load @weft/viz: ${(err as Error).message}`,
      missing ? 'install it beside @weft/cli: npm install @weft/viz' : 'reinstall @weft/viz (npm install @weft/viz)',
      { cause: err },
    );
  }
}

import { CliError } from './errors.ts';

/** @weft/viz, loaded only by the commands that draw (it brings a layout engine). */
export async function loadViz(): Promise<typeof import('@weft/viz')> {
  try {
    return await import('@weft/viz');
  } catch (err) {
    throw new CliError('VIZ_UNAVAILABLE', `cannot load @weft/viz: ${(err as Error).message}`, 'reinstall the workspace (pnpm install)', {
      cause: err,
    });
  }
}

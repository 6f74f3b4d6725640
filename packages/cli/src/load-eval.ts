import { CliError } from './errors.ts';

/** What @weft/eval exports. */
export type Eval = typeof import('@weft/eval');

/**
 * @weft/eval, loaded only by `weft eval`. It is an optional peer of
 * @weft/cli: a project that runs no evals need not install it, and the hint
 * says how to when it is missing.
 */
export async function loadEval(): Promise<Eval> {
  try {
    return await import('@weft/eval');
  } catch (err) {
    const missing = (err as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' && /'@weft\/eval'/.test((err as Error).message);
    throw new CliError(
      'EVAL_UNAVAILABLE',
      missing ? 'weft eval needs @weft/eval, which is not installed' : `cannot load @weft/eval: ${(err as Error).message}`,
      missing ? 'install it beside @weft/cli: npm install -D @weft/eval' : 'reinstall @weft/eval (npm install -D @weft/eval)',
      { cause: err },
    );
  }
}

import { WeftError } from '../errors.ts';

/**
 * Runs `fn`, aborting `controller` and rejecting with NODE_TIMEOUT after `ms`.
 * The node sees the abort through ctx.signal; a node that ignores it is left
 * behind and its late result is discarded.
 */
export function withTimeout<T>(fn: () => Promise<T>, ms: number, controller: AbortController, path: string[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const err = new WeftError(
        'NODE_TIMEOUT',
        `node "${path.join('/')}" did not finish within ${ms} ms; raise timeoutMs or make the node honour ctx.signal`,
        {
          details: { path, timeoutMs: ms },
        },
      );
      controller.abort(err);
      reject(err);
    }, ms);
    fn().then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

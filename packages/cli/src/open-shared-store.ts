import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';
import { openStore, type OpenedStore } from './open-store.ts';

const HINT =
  'name a store every worker and submitter opens: --store postgres:<url> (processes on many machines) or --store sqlite:<file> (processes on one machine), or set WEFT_STORE';

/**
 * The store of a queue command (`weft worker`, `run --queue`, `resume
 * --queue`). A job may run on any worker, and the command that submitted it
 * reads the outcome back: all of them must open the same checkpoints. So the
 * store must be named (`--store` or WEFT_STORE; the default file in the
 * working folder would quietly differ between processes) and must outlive
 * the process (`memory` and `sqlite::memory:` are refused).
 */
export async function openSharedStore(
  command: string,
  flag: string | undefined,
  io: Pick<CliIo, 'env' | 'cwd'>,
  create: boolean,
): Promise<OpenedStore> {
  const spec = flag ?? io.env['WEFT_STORE'];
  if (spec === undefined)
    throw new CliError('STORE_NOT_SHARED', `${command} needs --store: the workers and the submitters of a queue share one store`, HINT);
  if (spec === 'memory' || spec === 'sqlite::memory:')
    throw new CliError(
      'STORE_NOT_SHARED',
      `${command}: the store ${JSON.stringify(spec)} lives inside one process, and a queued job runs in another`,
      HINT,
    );
  return openStore({ flag, env: io.env, cwd: io.cwd, create });
}

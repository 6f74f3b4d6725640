import { isAbsolute, resolve } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { eventSink } from './event-sink.ts';
import { executeTarget, type TargetRequest } from './execute-target.ts';
import type { LoadedModule } from './load-module.ts';
import type { OpenedStore } from './open-store.ts';
import { recordedModulePath } from './recorded-module.ts';
import { reportOutcome } from './report-outcome.ts';

/** The flags `run` and `resume` share for how a run is executed and shown. */
export interface RunFlags {
  record?: string | undefined;
  stream?: boolean | undefined;
  json?: boolean | undefined;
}

/**
 * What `weft run` and `weft resume` have in common once they know what to run:
 * execute it on the store, print its events as they come (text or JSON lines),
 * then report how it ended. `context` is saved in every checkpoint, with the
 * module under `weft` (relative to the project root: see recordedModulePath).
 */
export async function runAndReport(
  loaded: LoadedModule,
  opened: OpenedStore,
  io: CliIo,
  request: TargetRequest,
  context: Record<string, unknown>,
  flags: RunFlags,
): Promise<void> {
  const json = flags.json === true;
  const module = recordedModulePath(loaded.path, io);
  const outcome = await executeTarget({
    loaded,
    store: opened.store,
    request,
    context: { ...context, weft: { module, export: loaded.exportName } },
    record: flags.record === undefined ? undefined : resolve(io.cwd, flags.record),
    streaming: flags.stream === true,
    sink: eventSink(io, { json, stream: flags.stream === true }),
  });
  // A module outside the project is loaded again only when named: printed commands name it.
  reportOutcome(outcome, { opened, module: isAbsolute(module) ? loaded.path : undefined }, io, { json, kind: loaded.kind });
}

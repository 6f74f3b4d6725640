import { isAbsolute, resolve } from 'node:path';
import type { CliIo } from './cli-io.ts';
import { eventSink } from './event-sink.ts';
import { executeTarget, type TargetRequest } from './execute-target.ts';
import type { RunOutcome } from './run-outcome.ts';
import type { LoadedModule } from './load-module.ts';
import type { OpenedStore } from './open-store.ts';
import { commandReach } from './printed-command.ts';
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
    stop: io.outputClosed,
  });
  const at = await checkpointAt(opened, outcome);
  // A module outside the project is loaded again only when named: printed commands name it.
  const target = { ...commandReach(io, opened), opened, module: isAbsolute(module) ? loaded.path : undefined };
  reportOutcome({ ...outcome, ...at }, target, io, { json, kind: loaded.kind });
}

/**
 * The seq and step of the checkpoint the run stopped at, as `weft history`
 * lists it. The step lines a run prints count the step being run (events'
 * `step`), while a checkpoint's step counts the steps completed: an
 * interrupted step 2 leaves a checkpoint at step 1. Naming the checkpoint
 * in history's terms is what lets the two be matched.
 */
export async function checkpointAt(opened: OpenedStore, outcome: RunOutcome): Promise<{ seq?: number; step?: number }> {
  if (outcome.checkpointId === undefined) return {};
  try {
    const entry = await opened.store.get(outcome.threadId, outcome.checkpointId);
    return entry ? { seq: entry.seq, step: entry.step } : {};
  } catch {
    return {}; // the outcome is reported all the same; history says what is wrong with the row
  }
}

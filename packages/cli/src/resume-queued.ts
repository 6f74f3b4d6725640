import type { CliIo } from './cli-io.ts';
import { usageError } from './errors.ts';
import { openSharedStore } from './open-shared-store.ts';
import { commandReach, type PrintedOption } from './printed-command.ts';
import { queueAddress } from './queue-address.ts';
import { queueAndReport } from './queue-and-report.ts';
import { readThreadHead } from './read-thread-head.ts';
import { resumeCommand, type ResumeTarget } from './resume-command.ts';
import { resumeModule } from './resume-module.ts';
import { resumeValues, type ResumeFlags } from './resume-values.ts';
import { savedSession } from './saved-session.ts';
import { sessionValues } from './session-values.ts';
import { refuseLocalOnly } from './run-queued.ts';
import { terminalSafe } from './terminal-safe.ts';
import { explainThreadError } from './thread-hints.ts';

/** The flags of `weft resume` that matter once `--queue` is given. */
export interface ResumeQueuedFlags {
  queue: string;
  'queue-name'?: string | undefined;
  store?: string | undefined;
  checkpoint?: string | undefined;
  session?: string[] | undefined;
  module?: string | undefined;
  export?: string | undefined;
  json?: boolean | undefined;
  record?: string | undefined;
  stream?: boolean | undefined;
  'take-over'?: boolean | undefined;
}

/**
 * `weft resume --queue <url> -- <thread>`: the thread and the values are
 * checked here, against the store the workers share, exactly as a resume in
 * this process checks them (an unknown interrupt, a missing value, a thread
 * that is done are refused before anything is sent); then a worker of the
 * queue continues the thread, and this process prints the job's events and
 * outcome. `values` are the value flags already read; `repeat` the options a
 * printed command repeats.
 */
export async function resumeQueued(
  threadId: string,
  flags: ResumeQueuedFlags,
  values: ResumeFlags,
  repeat: readonly PrintedOption[],
  io: CliIo,
): Promise<number> {
  refuseLocalOnly('resume', flags);
  const address = queueAddress('--queue', flags.queue, flags['queue-name']);
  const opened = await openSharedStore('resume --queue', flags.store, io, false);
  const target: ResumeTarget = { ...commandReach(io, opened), opened, via: address.via };
  try {
    const head = await readThreadHead(target, threadId, flags.checkpoint);
    if (flags.checkpoint !== undefined) await refuseFork(target, threadId, head.entry.id);
    const resume = await resumeValues(head, values, target);
    const loaded = await resumeModule(head, flags, io, target, repeat);
    const { entry } = head;
    const session = sessionValues('resume', loaded, flags.session, await savedSession(loaded, opened.store, threadId, entry.id));
    const json = flags.json === true;
    await queueAndReport(
      {
        kind: loaded.kind,
        target: loaded.exportName,
        module: { path: loaded.path, export: flags.export },
        request: {
          mode: 'resume',
          threadId,
          checkpointId: flags.checkpoint === undefined ? undefined : entry.id,
          values: resume,
          sessionValues: session,
        },
        address,
      },
      opened,
      io,
      target,
      {
        json,
        header: (job) => {
          if (!json)
            io.stdout(
              `${terminalSafe(
                `thread ${threadId} · resuming checkpoint ${entry.id} (seq ${entry.seq}, step ${entry.step}, ${entry.status}) · queue ${address.name}, job ${job.id} · store ${opened.label}`,
              )}\n`,
            );
        },
      },
    );
    return 0;
  } catch (err) {
    throw explainThreadError(err, threadId, target, repeat);
  } finally {
    await opened.close();
  }
}

/**
 * A queue's job continues a thread's latest checkpoint; continuing an older
 * one is a fork, which a job does not make: it runs in this process.
 */
async function refuseFork(target: ResumeTarget, threadId: string, checkpointId: string): Promise<void> {
  const latest = await target.opened.store.get(threadId);
  if (latest === undefined || latest.id === checkpointId) return;
  throw usageError(
    `resume: checkpoint "${checkpointId}" is not the latest of thread "${threadId}" (seq ${latest.seq} is): continuing it is a fork, which goes through no queue`,
    `fork in this process: ${resumeCommand(threadId, [], { launcher: target.launcher, opened: target.opened }, [['--checkpoint', checkpointId]])}`,
  );
}

import type { CliIo } from './cli-io.ts';
import { usageError } from './errors.ts';
import type { RunInput } from './execute-target.ts';
import type { LoadedModule } from './load-module.ts';
import { newThreadId } from './new-thread-id.ts';
import { openSharedStore } from './open-shared-store.ts';
import { queueAddress } from './queue-address.ts';
import { queueAndReport } from './queue-and-report.ts';
import { commandReach } from './printed-command.ts';
import { outsideProject } from './recorded-module.ts';
import { refuseInterrupted } from './refuse-interrupted.ts';
import type { ResumeTarget } from './resume-command.ts';
import { terminalSafe } from './terminal-safe.ts';
import { explainThreadError } from './thread-hints.ts';

/** The flags of `weft run` that matter once `--queue` is given. */
export interface RunQueuedFlags {
  queue: string;
  'queue-name'?: string | undefined;
  store?: string | undefined;
  thread?: string | undefined;
  export?: string | undefined;
  json?: boolean | undefined;
  record?: string | undefined;
  stream?: boolean | undefined;
  'take-over'?: boolean | undefined;
}

/**
 * `weft run <module> --queue <url>`: the module is loaded here only to check
 * the input and to know what it serves; a worker of the queue runs it (the
 * job names the target by its export), and this process prints the job's
 * events and outcome as `weft run` prints a run of its own.
 */
export async function runQueued(
  loaded: LoadedModule,
  given: { input: RunInput; sessionValues: Record<string, unknown> },
  flags: RunQueuedFlags,
  io: CliIo,
): Promise<number> {
  refuseLocalOnly('run', flags);
  const address = queueAddress('--queue', flags.queue, flags['queue-name']);
  const opened = await openSharedStore('run --queue', flags.store, io, true);
  const target: ResumeTarget = { ...commandReach(io, opened), opened, module: outsideProject(loaded.path, io), via: address.via };
  try {
    const threadId = flags.thread ?? (await newThreadId(opened.store));
    // The worker takes the thread's lease; here only the mistake of running over unanswered interrupts is caught.
    if (flags.thread !== undefined) await refuseInterrupted(target, threadId);
    const json = flags.json === true;
    const name = loaded.kind === 'agent' ? loaded.agent.name : loaded.graph.name;
    await queueAndReport(
      {
        kind: loaded.kind,
        target: loaded.exportName,
        module: { path: loaded.path, export: flags.export },
        request: { mode: 'run', threadId, ...given },
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
              `${terminalSafe(`thread ${threadId} · ${loaded.kind} ${name} · queue ${address.name}, job ${job.id} · store ${opened.label}`)}\n`,
            );
        },
      },
    );
    return 0;
  } catch (err) {
    throw flags.thread === undefined ? err : explainThreadError(err, flags.thread, target);
  } finally {
    await opened.close();
  }
}

/** What only a run in this process can do: a queue's worker runs the job with its own settings and holds the thread itself. */
export function refuseLocalOnly(
  command: string,
  flags: { record?: string | undefined; stream?: boolean | undefined; 'take-over'?: boolean | undefined },
): void {
  const local = (['record', 'stream', 'take-over'] as const).filter((f) => flags[f] !== undefined && flags[f] !== false);
  if (local.length === 0) return;
  throw usageError(
    `${command}: --${local[0]} is for runs in this process, not with --queue`,
    local[0] === 'take-over'
      ? 'a worker takes the thread itself; one holding it that died releases it when its lease expires'
      : `leave out --${local[0]} (a worker runs the job), or leave out --queue to run here`,
  );
}

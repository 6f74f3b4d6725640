import { isAbsolute, relative } from 'node:path';
import type { AgentEvent, AgentRunResult } from '@weft/agents';
import type { GraphEvent, RunResult } from '@weft/graph';
import type { CliIo } from './cli-io.ts';
import { eventSink } from './event-sink.ts';
import { graphInput, type RunInput } from './execute-target.ts';
import { loadBullmq, type Queue, type QueueJob } from './load-bullmq.ts';
import type { OpenedStore } from './open-store.ts';
import type { PrintedOption } from './printed-command.ts';
import { probeRedis } from './probe-redis.ts';
import type { QueueAddress } from './queue-address.ts';
import { peekThreadHead } from './read-thread-head.ts';
import type { ResumeTarget } from './resume-command.ts';
import { checkpointAt } from './run-and-report.ts';
import { agentOutcome, graphOutcome } from './run-outcome.ts';
import { reportOutcome } from './report-outcome.ts';

/** What to send to the queue's workers: a new run of a thread, or a resume of one. */
export type QueueRequest =
  | { mode: 'run'; threadId: string; input: RunInput; sessionValues: Record<string, unknown> }
  | {
      mode: 'resume';
      threadId: string;
      /** `--checkpoint`: continue from this checkpoint instead of the latest. */
      checkpointId: string | undefined;
      values: Record<string, unknown> | undefined;
      sessionValues: Record<string, unknown>;
    };

export interface QueuedRun {
  kind: 'agent' | 'graph';
  /** The target's name in the workers: the export that `weft worker` serves. */
  target: string;
  /** The module loaded here, and `--export` if it was given: a printed resume names them when the thread does not. */
  module: { path: string; export: string | undefined };
  request: QueueRequest;
  address: QueueAddress;
}

/**
 * What `weft run --queue` and `weft resume --queue` have in common: send the
 * run to the queue, print the job's events as a worker emits them (the same
 * printers as a run in this process), then report the outcome the same way,
 * with the resume command that goes through the queue again. The store is
 * the workers' store: it names the checkpoint the run stopped at. Ctrl-C
 * stops following; the job runs on in its worker.
 */
export async function queueAndReport(
  run: QueuedRun,
  opened: OpenedStore,
  io: CliIo,
  target: ResumeTarget,
  options: { json: boolean; header: (job: QueueJob) => void },
): Promise<void> {
  await probeRedis(run.address.connection, '--queue');
  const { WeftQueue } = await loadBullmq();
  const queue = new WeftQueue({ queue: run.address.name, connection: run.address.connection.options, store: opened.store });
  try {
    const job = await submit(queue, run);
    options.header(job);
    const seen = await follow(job, run.kind, io, options.json);
    const res = await job.result();
    const { threadId } = run.request;
    const outcome = run.kind === 'agent' ? agentOutcome(res as AgentRunResult, threadId, seen) : graphOutcome(res as RunResult, threadId);
    const at = await checkpointAt(opened, outcome);
    const printed = (await recordsModule(target, threadId)) ? target : namingModule(target, run.module, io.cwd);
    reportOutcome({ ...outcome, ...at }, printed, io, { json: options.json, kind: run.kind });
  } finally {
    await queue.close();
  }
}

function submit(queue: Queue, { target, request, kind }: QueuedRun): Promise<QueueJob> {
  const session = Object.keys(request.sessionValues).length ? { sessionValues: request.sessionValues } : {};
  if (request.mode === 'run') {
    const { input } = request;
    const value =
      kind === 'graph' ? graphInput(input) : 'messages' in input ? input.messages : 'query' in input ? input.query : String(input.value);
    return queue.run(target, value, { threadId: request.threadId, ...session });
  }
  return queue.resume(target, {
    threadId: request.threadId,
    ...(request.checkpointId !== undefined ? { checkpointId: request.checkpointId } : {}),
    ...(request.values ? { resume: request.values } : {}),
    ...session,
  });
}

/** Prints the job's events as they come (replayed from its first); gives back an agent's, for its last text. */
async function follow(job: QueueJob, kind: 'agent' | 'graph', io: CliIo, json: boolean): Promise<AgentEvent[]> {
  const sink = eventSink(io, { json, stream: false });
  const seen: AgentEvent[] = [];
  try {
    // Nobody reading any more (`| head`) stops following: the iteration rejects, and main() ends quietly.
    for await (const event of job.events(io.outputClosed ? { signal: io.outputClosed } : {})) {
      if (kind === 'agent') {
        seen.push(event as AgentEvent);
        sink.agent(event as AgentEvent);
      } else sink.graph(event as GraphEvent);
    }
  } finally {
    sink.finish();
  }
  return seen;
}

/** Whether the thread's latest checkpoint names its module (`weft resume` then loads it by itself). */
async function recordsModule(target: ResumeTarget, threadId: string): Promise<boolean> {
  try {
    return (await peekThreadHead(target, threadId)).recorded !== undefined;
  } catch {
    return false;
  }
}

/**
 * A worker's checkpoints need not name the module (a WeftWorker in an
 * application has none to name): then the printed resume commands name it,
 * relative to the working folder when it lies inside, and the export when
 * one was given.
 */
function namingModule(target: ResumeTarget, module: QueuedRun['module'], cwd: string): ResumeTarget {
  const rel = relative(cwd, module.path);
  const path = rel.startsWith('..') || isAbsolute(rel) ? module.path : rel;
  const exported: PrintedOption[] = module.export === undefined ? [] : [['--export', module.export]];
  return { ...target, module: path, via: [...exported, ...(target.via ?? [])] };
}

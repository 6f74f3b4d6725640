import type { Agent, AgentEvent, AgentGraphVersions, AgentRunResult } from '@weft/agents';
import type { CheckpointStore, CompiledGraph, GraphEvent, RunResult } from '@weft/graph';
import { loadOptional } from './load-optional.ts';
import type { RedisOptions } from './redis-connection.ts';

/** A queued run or resume, from any process: its events (replayed from the start) and its result. */
export interface QueueJob {
  readonly id: string;
  /** `signal` stops following (the iteration then rejects with its reason). */
  events(options?: { signal?: AbortSignal }): AsyncIterable<GraphEvent | AgentEvent>;
  result(): Promise<RunResult | AgentRunResult>;
}

interface QueueOptions {
  queue: string;
  connection: RedisOptions;
  store: CheckpointStore;
}

/** What the command asks of @weft/bullmq's WeftQueue. */
export interface Queue {
  run(target: string, input: unknown, options: { threadId: string; sessionValues?: Record<string, unknown> }): Promise<QueueJob>;
  resume(
    target: string,
    options: { threadId: string; checkpointId?: string; resume?: Record<string, unknown>; sessionValues?: Record<string, unknown> },
  ): Promise<QueueJob>;
  close(): Promise<void>;
}

/** One version of a target, as `queue.versions()` counts the queue's threads on it. */
export interface QueueVersion {
  target: string;
  graph: string;
  hash: string;
  version?: string;
  /** Threads whose latest checkpoint it wrote that have not ended. */
  threads: number;
  /** Threads that ended on it. */
  done: number;
  /** Jobs waiting in its version queue. */
  waitingJobs: number;
}

/** The queue as `weft worker --versions` reads it. */
export interface VersionsQueue {
  versions(): Promise<QueueVersion[]>;
  close(): Promise<void>;
}

/** A BullMQ job of a Weft queue, as the worker's events give it. */
export interface BullJob {
  id?: string | undefined;
  data: { kind: 'run' | 'resume'; target: string; threadId: string };
}

/** A BullMQ Worker of a Weft worker: its connection and its events. */
export interface BullWorker {
  waitUntilReady(): Promise<unknown>;
  on(event: 'active', listener: (job: BullJob) => void): unknown;
  on(event: 'completed', listener: (job: BullJob, result: { status: string }) => void): unknown;
  on(event: 'failed', listener: (job: BullJob | undefined, error: Error) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** What the command asks of @weft/bullmq's WeftWorker. */
export interface Worker {
  /** The BullMQ Worker of the main queue (not taking jobs when `pinnedOnly`). */
  readonly bull: BullWorker;
  /** The BullMQ Workers of the version queues, one per version served. */
  readonly pinned: readonly BullWorker[];
  close(): Promise<void>;
}

/** One version of a worker's target: a graph, an agent, or an agent with its Runner's versions (@weft/bullmq's VersionedAgent). */
export type WorkerEntry = Agent | CompiledGraph | { agent: Agent; versions: AgentGraphVersions };

/** The part of @weft/bullmq the queue commands use. */
export interface Bullmq {
  WeftQueue: new (options: QueueOptions) => Queue & VersionsQueue;
  WeftWorker: new (
    options: QueueOptions & {
      /** A target, or its versions oldest first. */
      targets: Record<string, WorkerEntry | readonly WorkerEntry[]>;
      /** Only the jobs of threads pinned to a version it serves. */
      pinnedOnly?: boolean;
      concurrency?: number;
      leaseTtlMs?: number;
      holder?: string;
      context?: Record<string, unknown>;
      /** Signs what the workers hand each other for distributed steps (at least 32 bytes, the same on every worker). */
      signingKey?: string;
      /** How often the queue's stranded threads are swept (0: never). */
      sweepIntervalMs?: number;
      /** The defaults of every agent job's session. */
      agentOptions?: { sessionValues?: Record<string, unknown> };
    },
  ) => Worker;
}

const PACKAGE = '@weft/bullmq';

/**
 * @weft/bullmq, loaded only by the queue commands (`weft worker`, `run
 * --queue`, `resume --queue`): it brings BullMQ and ioredis, which a project
 * that runs everything in one process does not install. Missing, it is a
 * QUEUE_UNAVAILABLE error (exit code 2) whose hint installs it. `specifier`
 * is for tests, which name a package that is not installed.
 */
export function loadBullmq(specifier: string = PACKAGE): Promise<Bullmq> {
  return loadOptional<Bullmq>(specifier, 'QUEUE_UNAVAILABLE', 'the queue');
}

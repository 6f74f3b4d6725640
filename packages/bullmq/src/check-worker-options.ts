import { QueueError } from './errors.ts';
import { checkSessionDefaults } from './job-session.ts';
import { checkQueueName } from './weft-queue.ts';
import type { CheckpointStore } from '@weft/graph';
import type { WeftTargets } from './weft-target.ts';

const DEFAULT_LEASE_TTL_MS = 5_000;
const DEFAULT_EVENTS_TTL_SECONDS = 86_400;
const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/** What `checkWorkerOptions` reads of WeftWorkerOptions (see there). */
interface CheckedWorkerOptions {
  queue: string;
  store: CheckpointStore;
  targets: WeftTargets;
  leaseTtlMs?: number | undefined;
  eventsTtlSeconds?: number | undefined;
  context?: Record<string, unknown> | undefined;
  agentOptions?: { sessionValues?: Record<string, unknown> | undefined } | undefined;
  sweepIntervalMs?: number | undefined;
}

/** The options checked (typed errors for what BullMQ or a run would fail on later), with their defaults. */
export function checkWorkerOptions(options: CheckedWorkerOptions) {
  if (options === null || typeof options !== 'object')
    throw new QueueError('INVALID_ARGUMENT', 'new WeftWorker({ queue, connection, store, targets }) takes an options object');
  checkQueueName(options.queue, 'WeftWorker');
  const { store, targets } = options;
  if (store === null || typeof store !== 'object' || typeof store.claimThread !== 'function')
    throw new QueueError('INVALID_ARGUMENT', 'new WeftWorker(): store must be a CheckpointStore that every worker of the queue shares');
  if (targets === null || typeof targets !== 'object' || Object.keys(targets).length === 0)
    throw new QueueError('INVALID_ARGUMENT', 'new WeftWorker(): targets must name at least one compiled graph or agent');
  const leaseTtlMs = options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
  if (!Number.isSafeInteger(leaseTtlMs) || leaseTtlMs < 1)
    throw new QueueError('INVALID_ARGUMENT', `new WeftWorker(): leaseTtlMs must be a positive integer, got ${String(leaseTtlMs)}`);
  const eventsTtlSeconds = options.eventsTtlSeconds ?? DEFAULT_EVENTS_TTL_SECONDS;
  if (!Number.isSafeInteger(eventsTtlSeconds) || eventsTtlSeconds < 1)
    throw new QueueError(
      'INVALID_ARGUMENT',
      `new WeftWorker(): eventsTtlSeconds must be a positive integer, got ${String(eventsTtlSeconds)}`,
    );
  const context = options.context ?? {};
  if (context === null || typeof context !== 'object' || Array.isArray(context))
    throw new QueueError('INVALID_ARGUMENT', 'new WeftWorker(): context must be an object of values to save with every run');
  checkSessionDefaults(options.agentOptions?.sessionValues);
  const sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  if (!Number.isSafeInteger(sweepIntervalMs) || sweepIntervalMs < 0)
    throw new QueueError(
      'INVALID_ARGUMENT',
      `new WeftWorker(): sweepIntervalMs must be a whole number of milliseconds (0 turns the sweeper off), got ${String(sweepIntervalMs)}`,
    );
  return { leaseTtlMs, eventsTtlSeconds, context, sweepIntervalMs };
}

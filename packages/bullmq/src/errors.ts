import { WeftError } from '@weft/graph';

/** Codes of the errors @weft/bullmq raises; check `err.code`. */
export type QueueErrorCode =
  /** A bad option or argument (queue name, target name, job options). */
  | 'INVALID_ARGUMENT'
  /** The job names a target the worker was not given (`targets`). */
  | 'QUEUE_TARGET_UNKNOWN'
  /** A compiled graph target keeps its checkpoints in another store than the worker's. */
  | 'QUEUE_TARGET_STORE'
  /** The queue or worker was closed. */
  | 'QUEUE_CLOSED'
  /** No job with this id, and no events of it. */
  | 'QUEUE_JOB_NOT_FOUND'
  /** BullMQ failed the job (its processor threw on its last attempt) without a Weft error to report. A job failed for stalling is continued instead. */
  | 'QUEUE_JOB_FAILED'
  /** The job's data is not Weft job data. */
  | 'QUEUE_JOB_DATA_INVALID'
  /** A distributed task's job failed for good (its worker could not run it: another version of the graph, unreadable data, Redis). */
  | 'QUEUE_TASK_FAILED'
  /**
   * With a `signingKey`: a task's data, its step's shared part, or its result,
   * as read back from Redis, is unsigned or not signed with the workers' key.
   * It is refused, never applied, and not retried.
   */
  | 'QUEUE_SIGNATURE_INVALID'
  /** A schedule's id, cron pattern, period, time zone, overlap or target is not usable; nothing was stored. */
  | 'QUEUE_SCHEDULE_INVALID';

/** An error of the queue layer; runs' own errors keep their codes (THREAD_NOT_FOUND, UNKNOWN_INTERRUPT, …). */
export class QueueError extends WeftError<QueueErrorCode> {
  override readonly name: string = 'QueueError';
}

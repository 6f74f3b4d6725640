/**
 * The SSE frames waiting to be written to one follower of a thread's events,
 * bounded by their bytes: a follower that reads slower than the run emits
 * falls behind, and past `maxBytes` it is dropped (see sseResponse) instead of
 * making the server keep every later event for it.
 *
 * Why: the queue had no bound, and one client that stopped reading took the
 * studio from 263 MB to 704 MB; a dropped follower loses nothing, since it
 * reconnects with Last-Event-ID and the thread's channel replays the rest.
 */
export class FollowerQueue {
  readonly maxBytes: number;
  /** Bytes of the frames queued now. */
  bytes = 0;
  /** The most bytes queued at any time. */
  peakBytes = 0;
  /** The largest frame queued so far, in bytes. */
  largestFrame = 0;
  /** A frame did not fit: the follower is to be dropped. */
  overflowed = false;
  readonly #frames: (string | undefined)[] = [];
  #sizes: number[] = [];
  #head = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /**
   * Queues a frame, or refuses it (false, and `overflowed`) when it would take
   * the queue past `maxBytes`. An empty queue takes any one frame: a single
   * event larger than the bound still reaches a follower that keeps up.
   */
  push(frame: string): boolean {
    if (this.overflowed) return false;
    const size = Buffer.byteLength(frame, 'utf8');
    if (this.bytes > 0 && this.bytes + size > this.maxBytes) {
      this.overflowed = true;
      this.clear();
      return false;
    }
    this.#frames.push(frame);
    this.#sizes.push(size);
    this.bytes += size;
    this.peakBytes = Math.max(this.peakBytes, this.bytes);
    this.largestFrame = Math.max(this.largestFrame, size);
    return true;
  }

  /** The oldest frame, taken off the queue. */
  shift(): string | undefined {
    if (this.#head >= this.#frames.length) return undefined;
    const frame = this.#frames[this.#head]!;
    // Let go of the frame now; the slot itself goes with the next batch.
    this.#frames[this.#head] = undefined;
    this.bytes -= this.#sizes[this.#head]!;
    this.#head++;
    // Taken frames are dropped in batches, so that each shift stays O(1).
    if (this.#head >= 1024 && this.#head * 2 >= this.#frames.length) {
      this.#frames.splice(0, this.#head);
      this.#sizes.splice(0, this.#head);
      this.#head = 0;
    }
    return frame;
  }

  /** Drops every queued frame. */
  clear(): void {
    this.#frames.length = 0;
    this.#sizes = [];
    this.#head = 0;
    this.bytes = 0;
  }
}

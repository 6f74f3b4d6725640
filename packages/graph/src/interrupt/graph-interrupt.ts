import type { InterruptRecord } from './interrupt-record.ts';

/**
 * Thrown by `interrupt()` to stop the node; the scheduler catches it. If your
 * node catches errors broadly, rethrow this one (`isGraphInterrupt(err)`).
 */
export class GraphInterrupt extends Error {
  override readonly name = 'GraphInterrupt';
  readonly interrupts: InterruptRecord[];

  constructor(interrupts: InterruptRecord[]) {
    // Control flow, not a failure: no stack trace is captured (capturing one cost
    // more than the rest of an interrupt, and nobody reads it).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`interrupted at ${interrupts.map((i) => i.address).join(', ')}`);
    Error.stackTraceLimit = limit;
    this.interrupts = interrupts;
  }
}

export function isGraphInterrupt(err: unknown): err is GraphInterrupt {
  return err instanceof GraphInterrupt;
}

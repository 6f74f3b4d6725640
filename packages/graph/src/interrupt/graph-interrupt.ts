import type { InterruptRecord } from './interrupt-record.ts';

/**
 * Thrown by `interrupt()` to stop the node; the scheduler catches it. If your
 * node catches errors broadly, rethrow this one (`isGraphInterrupt(err)`).
 */
export class GraphInterrupt extends Error {
  override readonly name = 'GraphInterrupt';
  readonly interrupts: InterruptRecord[];

  constructor(interrupts: InterruptRecord[]) {
    super(`interrupted at ${interrupts.map((i) => i.address).join(', ')}`);
    this.interrupts = interrupts;
  }
}

export function isGraphInterrupt(err: unknown): err is GraphInterrupt {
  return err instanceof GraphInterrupt;
}

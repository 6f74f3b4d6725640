import type { WeftError } from '../errors.ts';
import type { InterruptRecord } from '@weft/checkpoint';

/**
 * A resume value the interrupt's schema refused when the node ran again: the
 * interrupt is raised again (it still waits), and the run reports `error`.
 * `kept`: how many of the node's resume values stay with it (those before
 * the refused one); undefined when the refusal comes from inside a subgraph.
 */
export interface RefusedResume {
  error: WeftError;
  kept: number | undefined;
}

/** The registry symbol every copy of @weft/graph marks its interrupts with. */
const GRAPH_INTERRUPT = Symbol.for('weft.graphInterrupt');

/**
 * Thrown by `interrupt()` to stop the node; the scheduler catches it. If your
 * node catches errors broadly, rethrow this one (`isGraphInterrupt(err)`).
 */
export class GraphInterrupt extends Error {
  override readonly name = 'GraphInterrupt';
  readonly interrupts: InterruptRecord[];
  readonly refused: RefusedResume | undefined;

  constructor(interrupts: InterruptRecord[], refused?: RefusedResume) {
    // Control flow, not a failure: no stack trace is captured (capturing one cost
    // more than the rest of an interrupt, and nobody reads it).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`interrupted at ${interrupts.map((i) => i.address).join(', ')}`);
    Error.stackTraceLimit = limit;
    this.interrupts = interrupts;
    this.refused = refused;
  }

  /** Marks every GraphInterrupt, whichever copy of @weft/graph threw it. */
  get [GRAPH_INTERRUPT](): true {
    return true;
  }

  /**
   * `err instanceof GraphInterrupt` holds for one thrown by another copy of
   * this package in the process (a user's CommonJS module's copy, whose
   * `interrupt()` a node of the host's copy calls).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [GRAPH_INTERRUPT]?: unknown })[GRAPH_INTERRUPT] === true;
  }
}

export function isGraphInterrupt(err: unknown): err is GraphInterrupt {
  return err instanceof GraphInterrupt;
}

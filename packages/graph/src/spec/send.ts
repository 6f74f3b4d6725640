/** The registry symbol every copy of @weft/graph marks its sends with. */
const SEND = Symbol.for('weft.send');

/**
 * A task to start in the next step, returned from a branch route: `send(node,
 * input, key)`. Several sends to one node start several tasks of it, each with
 * its own input (a map step); unlike edge deliveries they are never merged.
 * The key names the task: it must be unique per node and step, it is part of
 * the task's interrupt address (`node/key`), and a resume re-runs only the
 * tasks that did not finish.
 */
export class Send<I = unknown> {
  constructor(
    readonly node: string,
    readonly input: I,
    readonly key: string,
  ) {}

  /** Marks every Send, whichever copy of @weft/graph made it (see hasInstance). */
  get [SEND](): true {
    return true;
  }

  /**
   * `x instanceof Send` holds for a Send of another copy of this package in
   * the process (a host's ESM copy and a user's CommonJS module's copy): an
   * agent compiles itself, so its routes can return the other copy's sends.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [SEND]?: unknown })[SEND] === true;
  }
}

export function send<I>(node: string, input: I, key: string | number): Send<I> {
  return new Send(node, input, String(key));
}

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
}

export function send<I>(node: string, input: I, key: string | number): Send<I> {
  return new Send(node, input, String(key));
}

/**
 * Type-only: an agent's final output type, carried by a property that is
 * never set (`~output`, in the manner of Standard Schema's `~standard`), so
 * that `Runner` and workflow agents can infer it from the agent values.
 */
export interface TypedOutput<O> {
  readonly '~output'?: O;
}

/** The final output an agent's run gives: its `outputSchema`'s type, the text of its answer (string), or the union of its children's. */
export type OutputOf<A> = A extends TypedOutput<infer O> ? O : string;

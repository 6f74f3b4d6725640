import { WeftError } from '../errors.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';
import type { StateReducers } from '../state/state-reducers.ts';
import { GraphBuilder } from './graph-builder.ts';

/** The name and the run's boundary: what `graph()` takes besides the state. */
export interface GraphBoundary<In, Out, RunIn = In, EndIn = Out> {
  name: string;
  /**
   * A Standard Schema (Zod, Valibot, ArkType…) for the run's input: `run()`
   * takes its input type, nodes after START get its output, and an input it
   * refuses rejects the run with INPUT_INVALID before anything is written.
   */
  input?: StandardSchemaV1<RunIn, In>;
  /**
   * A Standard Schema for the run's output: nodes delivering to END must give
   * its input type, the run's output is its output type, and a value it
   * refuses ends the run with status 'error' and OUTPUT_INVALID.
   */
  output?: StandardSchemaV1<EndIn, Out>;
}

/** What `graph()` takes. Give schemas and every type follows from them; give none and the type parameters work as before. */
export interface GraphConfig<In, Out, S, RunIn = In, EndIn = Out> extends GraphBoundary<In, Out, RunIn, EndIn> {
  /**
   * The graph's local state: a function returning the initial state, or a
   * Standard Schema whose value for `{}` is the initial state (give every
   * field a default: `z.object({ drafts: z.number().default(0) })`).
   */
  state?: (() => S) | StandardSchemaV1<any, S>;
  /** How writes of several nodes of one step to the same state path combine (see StateReducer). */
  reducers?: StateReducers<S>;
}

/**
 * Starts a graph definition. With schemas, the run's input and output and
 * the state are typed from them (nothing to spell out) and checked where a
 * run starts and ends. Without, the type parameters say the types:
 * undeclared `In`/`Out` are `any`, so only the types you declare are
 * enforced on START and END edges.
 *
 * @example
 * import { z } from 'zod';
 * const g = graph({
 *   name: 'drafts',
 *   input: z.string(),
 *   output: z.string(),
 *   state: z.object({ drafts: z.number().default(0) }),
 * })
 *   .addNode('write', (topic: string, ctx) => {
 *     ctx.update((s) => void s.drafts++);
 *     return `a draft about ${topic}`;
 *   })
 *   .addEdge(START, 'write')
 *   .addEdge('write', END)
 *   .compile();
 * const res = await g.run('rivers');
 * if (res.status === 'done') console.log(res.output, res.state.drafts);
 */
export function graph<In = any, Out = any, S = undefined, RunIn = In, EndIn = Out>(
  config: GraphBoundary<In, Out, RunIn, EndIn> & { state: StandardSchemaV1<any, S>; reducers?: StateReducers<S> },
): GraphBuilder<In, Out, S, {}, RunIn, EndIn>;
// Apart from the schema form: a schema may be callable (ArkType's are), and its call signature must not be read as `() => S`.
export function graph<In = any, Out = any, S = undefined, RunIn = In, EndIn = Out>(
  config: GraphBoundary<In, Out, RunIn, EndIn> & { state?: () => S; reducers?: StateReducers<S> },
): GraphBuilder<In, Out, S, {}, RunIn, EndIn>;
export function graph(config: GraphConfig<any, any, any, any, any>): GraphBuilder<any, any, any, {}, any, any> {
  if (config === null || typeof config !== 'object') {
    throw new WeftError('INVALID_ARGUMENT', 'graph() takes an options object: graph({ name, input?, output?, state?, reducers? })');
  }
  return new GraphBuilder(config.name, config.state, config.reducers, {
    input: config.input,
    output: config.output,
  });
}

import { WeftError } from '../errors.ts';
import type { CompileOptions } from '../compiler/compile-options.ts';
import { compilePlan } from '../compiler/compile-plan.ts';
import type { PlannableDefinition } from '../compiler/planned-graph.ts';
import { CompiledGraph, planOf, type AnyCompiledGraph } from '../runtime/compiled-graph.ts';
import type { BranchContext } from '../spec/branch-context.ts';
import type { BranchRoute, RouteResult } from '../spec/branch-route.ts';
import type { NodeContext } from '../spec/node-context.ts';
import type { NodeFn, NodeOutput } from '../spec/node-fn.ts';
import type { NodeOptions } from '../spec/node-options.ts';
import { END, START, type End, type Start } from '../spec/start-end.ts';
import { compileReducers, type StateReducers } from '../state/state-reducers.ts';
import { isStandardSchema, type StandardSchemaV1 } from '../schema/standard-schema.ts';
import { initialState } from './initial-state.ts';
import { guardrailProblem } from '../spec/guardrail.ts';

interface IO {
  in: unknown;
  out: unknown;
  join: boolean;
}
type InOf<N extends Record<string, IO>, T, Out> = T extends End
  ? Out
  : T extends keyof N
    ? N[T]['join'] extends true
      ? unknown
      : N[T]['in']
    : unknown;
type OutOf<N extends Record<string, IO>, F, In> = F extends Start ? In : F extends keyof N ? N[F]['out'] : any;
type Known<N, X> = X extends Start | End | keyof N ? true : false;
/**
 * Empty when `A` may travel into `B`; otherwise a readable error in the
 * parameter list. Names the builder's type does not know (built in a loop, or
 * held in a variable whose type was widened) are not checked here; compile()
 * still rejects names that do not exist.
 */
type EdgeCheck<N, F, T, A, B> = [Known<N, F>, Known<N, T>] extends [true, true]
  ? [A] extends [B]
    ? []
    : [typeError: { problem: 'the source output is not assignable to the target input'; output: A; input: B }]
  : [];
/** Node names the builder knows, for editor suggestions, while still accepting any string. */
type NameOf<N> = (keyof N & string) | (string & {});
type IsJoin<O> = O extends { trigger: 'all' } ? true : false;
/** A custom `concat` decides what a streaming node delivers. */
type OutputOf<R, O> = O extends { concat: (chunks: readonly unknown[]) => infer C } ? C : NodeOutput<R>;

/**
 * Collects nodes, edges and branches; `compile()` validates them and returns an
 * immutable `CompiledGraph`. The type parameters track each node's input and
 * output so that an edge between incompatible nodes does not type-check.
 * `In` is what START delivers to nodes and `RunIn` what `run()` takes (they
 * differ only when an input schema transforms); `Out` is the run's output and
 * `EndIn` what END accepts from nodes (likewise for the output schema).
 */
export class GraphBuilder<In, Out, S, N extends Record<string, IO> = {}, RunIn = In, EndIn = Out> {
  readonly #def: PlannableDefinition;

  /** `state`: a function returning the initial state, or a Standard Schema whose value for `{}` is. */
  constructor(
    name: string,
    state?: (() => S) | StandardSchemaV1<any, S>,
    reducers?: StateReducers<S>,
    schemas: { input?: StandardSchemaV1 | undefined; output?: StandardSchemaV1 | undefined } = {},
  ) {
    if (typeof name !== 'string' || name.length === 0) {
      throw new WeftError('INVALID_ARGUMENT', 'graph({ name }) needs a non-empty string name');
    }
    this.#def = { name, nodes: [], edges: [], branches: [], issues: [] };
    for (const side of ['input', 'output'] as const) {
      const schema = schemas[side];
      if (schema === undefined) continue;
      if (!isStandardSchema(schema))
        throw new WeftError('INVALID_ARGUMENT', `graph "${name}": ${side} must be a Standard Schema (Zod, Valibot, ArkType…)`);
      this.#def[side] = schema;
    }
    const init = initialState(name, state);
    if (init) this.#def.state = init;
    if (isStandardSchema(state)) this.#def.stateSchema = state;
    const compiled = compileReducers(name, reducers, init);
    if (compiled) this.#def.reducers = compiled;
  }

  /** A compiled graph as a node: it takes what its `run()` takes (its input schema checks it) and delivers its output. */
  addNode<K extends string, I, O, O2 extends NodeOptions<I, O, S> = NodeOptions<I, O, S>>(
    name: K,
    subgraph: CompiledGraph<any, O, any, I>,
    options?: O2,
  ): GraphBuilder<In, Out, S, N & Record<K, { in: I; out: O; join: IsJoin<O2> }>, RunIn, EndIn>;
  addNode<K extends string, I, R, O2 extends NodeOptions<I, any, S> = NodeOptions<I, NodeOutput<R>, S>>(
    name: K,
    fn: (input: I, ctx: NodeContext<S>) => R,
    options?: O2 & NodeOptions<I, OutputOf<R, O2>, S>,
  ): GraphBuilder<In, Out, S, N & Record<K, { in: I; out: OutputOf<R, O2>; join: IsJoin<O2> }>, RunIn, EndIn>;
  addNode(name: string, fn: NodeFn | AnyCompiledGraph, options: NodeOptions<any, any, any> = {}): any {
    const def = this.#def;
    // A malformed guardrails option is the node's issue: compile() reports it with the others.
    const guarded = options.guardrails === undefined ? undefined : guardrailProblem(options.guardrails, name);
    if (name === START || name === END) {
      def.issues.push({ code: 'RESERVED_NAME', message: `"${name}" is reserved for START/END; pick another node name`, nodes: [name] });
    } else if (def.nodes.some((n) => n.name === name)) {
      def.issues.push({ code: 'DUPLICATE_NODE', message: `node "${name}" is added twice; node names must be unique`, nodes: [name] });
    } else if (typeof name !== 'string' || name.length === 0 || name.includes('/')) {
      def.issues.push({
        code: 'INVALID_NODE',
        message: `node name ${JSON.stringify(name)} must be a non-empty string without "/"`,
        nodes: [String(name)],
      });
    } else if (guarded !== undefined) {
      def.issues.push({ code: 'INVALID_NODE', message: guarded, nodes: [name] });
    } else if (fn instanceof CompiledGraph) {
      def.nodes.push({ name, sub: { plan: planOf(fn), json: fn.toJSON() }, options: { kind: 'subgraph', ...options } });
    } else if (typeof fn === 'function') {
      def.nodes.push({ name, fn, options });
    } else {
      def.issues.push({ code: 'INVALID_NODE', message: `node "${name}" must be a function or a compiled graph`, nodes: [name] });
    }
    return this;
  }

  addEdge<F extends Start | NameOf<N>, T extends End | NameOf<N>>(
    from: F,
    to: T,
    ...check: EdgeCheck<N, F, T, OutOf<N, F, In>, InOf<N, T, EndIn>>
  ): this;
  addEdge(from: string, to: string, ..._check: unknown[]): this {
    this.#def.edges.push({ from, to });
    return this;
  }

  /**
   * `route` returns one target or several (a fan-out), or tasks started with
   * `send(node, input, key)`; every target must be listed in `targets`. It
   * gets the node's output, the state with the step's changes applied, and a
   * `BranchContext` (the task it routes, and `emit` at the step's barrier).
   */
  addBranch<F extends Start | NameOf<N>, T extends End | NameOf<N>>(
    from: F,
    route: (output: OutOf<N, F, In>, state: S, at: BranchContext) => RouteResult<NoInfer<T>> | PromiseLike<RouteResult<NoInfer<T>>>,
    targets: readonly T[],
  ): this {
    if (typeof route !== 'function' || !Array.isArray(targets)) {
      throw new WeftError('INVALID_ARGUMENT', `addBranch("${from}"): pass a route function and an array of its targets`);
    }
    this.#def.branches.push({ from, route: route as BranchRoute, targets: [...targets] });
    return this;
  }

  compile(options: CompileOptions = {}): CompiledGraph<In, Out, S, RunIn> {
    const { plan, ir, json } = compilePlan(this.#def, options);
    return new CompiledGraph<In, Out, S, RunIn>(plan, ir, json, options.store);
  }
}

import type { NodeContext } from './node-context.ts';

/** A node's function: returns a value, a promise, or an async iterable of chunks (a stream). */
export type NodeFn<I = any, R = unknown, S = any> = (input: I, ctx: NodeContext<S>) => R;

/** What a node's return type delivers on its edges: streams are concatenated. */
export type NodeOutput<R> = R extends AsyncIterable<infer C> ? (C extends string ? string : C[]) : Awaited<R>;

import type { AnyCompiledGraph, GraphJSON } from '@weft/graph';
import { VizError } from '../errors.ts';

const USAGE = 'pass a compiled graph (graph(…).compile(), new Runner({ agent }).graph) or its toJSON() GraphJSON';

/**
 * The GraphJSON of what a view was given, checked all the way down (subgraphs
 * included) so the views never draw half a graph: every problem is reported
 * at once in one VizError. A compiled graph is recognised by its `toJSON`
 * method rather than `instanceof`, which fails across package copies.
 */
export function readGraph(input: AnyCompiledGraph | GraphJSON, caller: string): GraphJSON {
  if (input === null || typeof input !== 'object') {
    throw new VizError('INVALID_ARGUMENT', `${caller}() got ${describe(input)}; ${USAGE}`);
  }
  const json: unknown = typeof (input as { toJSON?: unknown }).toJSON === 'function' ? (input as AnyCompiledGraph).toJSON() : input;
  const problems: string[] = [];
  checkGraph(json, 'graph', problems);
  if (problems.length > 0) {
    const list = problems.map((p) => `  - ${p}`).join('\n');
    throw new VizError('INVALID_ARGUMENT', `${caller}() got something that is not a valid GraphJSON; ${USAGE}:\n${list}`, {
      details: { problems },
    });
  }
  return json as GraphJSON;
}

function checkGraph(g: unknown, at: string, problems: string[]): void {
  if (g === null || typeof g !== 'object' || Array.isArray(g)) {
    problems.push(`${at} is ${describe(g)}, not an object with name, hash, nodes and edges`);
    return;
  }
  const { name, hash, nodes, edges } = g as Record<string, unknown>;
  if (typeof name !== 'string') problems.push(`${at}.name must be a string`);
  if (typeof hash !== 'string') problems.push(`${at}.hash must be a string`);
  if (!Array.isArray(nodes)) problems.push(`${at}.nodes must be an array`);
  if (!Array.isArray(edges)) problems.push(`${at}.edges must be an array`);
  if (!Array.isArray(nodes) || !Array.isArray(edges)) return;
  const ids = new Set<string>();
  nodes.forEach((node: unknown, i) => checkNode(node, `${at}.nodes[${i}]`, ids, problems));
  edges.forEach((edge: unknown, i) => checkEdge(edge, `${at}.edges[${i}]`, ids, problems));
}

function checkNode(node: unknown, at: string, ids: Set<string>, problems: string[]): void {
  if (node === null || typeof node !== 'object') {
    problems.push(`${at} is ${describe(node)}, not a node`);
    return;
  }
  const { id, kind, trigger, annotations, subgraph } = node as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || id.includes('/')) {
    problems.push(`${at}.id must be a non-empty string without "/" (got ${describe(id)})`);
  } else if (ids.has(id)) {
    problems.push(`${at}.id "${id}" is used by two nodes`);
  } else {
    ids.add(id);
  }
  if (typeof kind !== 'string') problems.push(`${at}.kind must be a string`);
  if (trigger !== 'any' && trigger !== 'all') problems.push(`${at}.trigger must be "any" or "all"`);
  if (annotations !== undefined && (annotations === null || typeof annotations !== 'object' || Array.isArray(annotations))) {
    problems.push(`${at}.annotations must be an object`);
  }
  if (subgraph !== undefined) checkGraph(subgraph, `${at}.subgraph`, problems);
}

function checkEdge(edge: unknown, at: string, ids: ReadonlySet<string>, problems: string[]): void {
  if (edge === null || typeof edge !== 'object') {
    problems.push(`${at} is ${describe(edge)}, not an edge`);
    return;
  }
  const { from, to, kind } = edge as Record<string, unknown>;
  for (const [end, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (typeof value !== 'string' || !ids.has(value)) problems.push(`${at}.${end} names no node of the graph (got ${describe(value)})`);
  }
  if (kind !== 'edge' && kind !== 'branch') problems.push(`${at}.kind must be "edge" or "branch"`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

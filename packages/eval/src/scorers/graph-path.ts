import { EvalError } from '../errors.ts';
import { matchAddress } from '../run/match-address.ts';
import type { GraphPath } from '../run/graph-path.ts';
import type { Scorer } from './scorer.ts';
import { showValue } from './show-value.ts';

export interface GraphPathOptions {
  /** Nodes the run must go through. */
  visits?: readonly string[];
  /** Nodes the run must not go through. */
  avoids?: readonly string[];
  /** Edges the run must take, written `from -> to`. */
  edges?: readonly string[];
}

/**
 * Checks the nodes and edges the run went through (`run.path`): each node of
 * `visits` must have run, none of `avoids`, and each edge of `edges` must
 * have been taken. Node names are matched like interrupt addresses: `*`
 * matches any characters, and a name matches a node id whole or its part
 * after a `/` (`Billing:tools` matches the node `Coordinator/Billing:tools`
 * inside a subgraph); an edge matches when both its ends do. Score: the
 * share of the checks met; pass when all are.
 *
 * @example
 * scorers: { route: graphPath({ visits: ['Billing'], avoids: ['Escalation*'], edges: ['Billing -> Billing:tools'] }) }
 */
export function graphPath(options: GraphPathOptions): Scorer {
  const { visits = [], avoids = [], edges = [] } = checkOptions(options);
  const wanted = edges.map(splitEdge);
  return {
    name: 'graphPath',
    score(run) {
      const visited = (pattern: string) => run.path.nodes.some((node) => matchAddress(pattern, node));
      const failures = [
        ...visits.filter((node) => !visited(node)).map((node) => `did not visit ${showValue(node)}`),
        ...avoids.filter(visited).map((node) => `visited ${showValue(node)}, which it must avoid`),
        ...wanted.filter((edge) => !taken(edge, run.path)).map((edge) => `did not take the edge ${showValue(edge.text)}`),
      ];
      const checks = visits.length + avoids.length + edges.length;
      const details = { nodes: run.path.nodes.length, edges: run.path.edges.length, failed: failures };
      if (failures.length === 0) {
        return { score: 1, pass: true, reason: `the path met all ${checks} checks (${summary(visits, avoids, edges)})`, details };
      }
      const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
      return { score: (checks - failures.length) / checks, pass: false, reason: `the run ${failures[0]}${more}`, details };
    },
  };
}

interface EdgePattern {
  text: string;
  from: string;
  to: string;
}

function splitEdge(text: string): EdgePattern {
  const [from = '', to = ''] = text.split('->').map((end) => end.trim());
  return { text, from, to };
}

function taken(edge: EdgePattern, path: GraphPath): boolean {
  return path.edges.some((taken) => {
    const { from, to } = splitEdge(taken);
    return matchAddress(edge.from, from) && matchAddress(edge.to, to);
  });
}

function summary(visits: readonly string[], avoids: readonly string[], edges: readonly string[]): string {
  const parts = [
    visits.length > 0 ? `visited ${visits.length}` : '',
    avoids.length > 0 ? `avoided ${avoids.length}` : '',
    edges.length > 0 ? `took ${edges.length} ${edges.length === 1 ? 'edge' : 'edges'}` : '',
  ];
  return parts.filter(Boolean).join(', ');
}

function checkOptions(options: GraphPathOptions): GraphPathOptions {
  const fail = (message: string) => new EvalError('INVALID_ARGUMENT', `graphPath(): ${message}`);
  if (options === null || typeof options !== 'object')
    throw fail(`options must be an object ({ visits?, avoids?, edges? }), got ${showValue(options)}`);
  for (const key of ['visits', 'avoids', 'edges'] as const) {
    const names = options[key];
    if (names !== undefined && (!Array.isArray(names) || names.some((name) => typeof name !== 'string' || name.trim() === ''))) {
      throw fail(
        `${key} must be an array of non-empty ${key === 'edges' ? 'edges ("from -> to")' : 'node names'}, got ${showValue(names)}`,
      );
    }
  }
  const bad = options.edges?.find((edge) => edge.split('->').length !== 2 || edge.split('->').some((end) => end.trim() === ''));
  if (bad !== undefined) throw fail(`an edge is written "from -> to", got ${showValue(bad)}`);
  if ((options.visits?.length ?? 0) + (options.avoids?.length ?? 0) + (options.edges?.length ?? 0) === 0) {
    throw fail('give at least one node in visits or avoids, or one edge in edges');
  }
  return options;
}

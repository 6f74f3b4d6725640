import type { MultiDirectedGraph } from 'graphology';
import { stronglyConnectedComponents } from 'graphology-components';
import { END, START } from '../spec/start-end.ts';
import type { GraphIssue } from '../errors.ts';

/**
 * Structural checks on the IR: entry, reachability both ways, cycles that can
 * never be left, joins on cycles. Edge problems are found while building the IR.
 */
export function validateGraph(ir: MultiDirectedGraph): GraphIssue[] {
  const issues: GraphIssue[] = [];
  if (ir.outDegree(START) === 0) {
    issues.push({ code: 'NO_ENTRY', message: 'nothing follows START: add an edge or branch from START', nodes: [START] });
    return issues;
  }
  const fromStart = reach(ir, START, (n) => ir.outNeighbors(n));
  const toEnd = reach(ir, END, (n) => ir.inNeighbors(n));
  ir.forEachNode((node) => {
    if (node === START || node === END) return;
    if (!fromStart.has(node)) {
      issues.push({ code: 'UNREACHABLE', message: `node "${node}" cannot be reached from START`, nodes: [node] });
    } else if (!toEnd.has(node)) {
      issues.push({ code: 'NO_PATH_TO_END', message: `node "${node}" has no path to END`, nodes: [node] });
    }
  });
  for (const component of stronglyConnectedComponents(ir)) {
    const members = new Set(component);
    const first = component[0];
    if (first === undefined || (members.size === 1 && !ir.hasDirectedEdge(first, first))) continue;
    const exits = component.some((node) =>
      ir.someOutEdge(node, (_e, attrs, _s, target) => attrs['kind'] === 'branch' && !members.has(target)),
    );
    const cycle = [...component].sort();
    if (!exits) {
      issues.push({
        code: 'CYCLE_WITHOUT_EXIT',
        message: `the cycle ${cycle.join(' → ')} has no branch leading out of it; add a branch with a target outside the cycle`,
        nodes: cycle,
      });
    }
    for (const node of cycle) {
      if (ir.getNodeAttribute(node, 'trigger') === 'all') {
        issues.push({
          code: 'JOIN_ON_CYCLE',
          message: `join node "${node}" (trigger 'all') sits on a cycle and could never fire twice; use trigger 'any'`,
          nodes: [node],
        });
      }
    }
  }
  return issues;
}

function reach(ir: MultiDirectedGraph, from: string, next: (n: string) => string[]): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  for (let node = queue.pop(); node !== undefined; node = queue.pop()) {
    for (const n of next(node)) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen;
}

import { END, START } from '@weft/graph';
import type { VizEdge } from './viz-model.ts';
import type { GraphIndex } from './graph-index.ts';

/** What the IR edge means, for drawing. */
export type EdgeClass = Pick<VizEdge, 'kind' | 'label' | 'transfer'>;

/** How a node is labelled: its IR name, with START and END spelled as their exports are. */
export function nodeLabel(name: string): string {
  return name === START ? 'START' : name === END ? 'END' : name;
}

/**
 * Classifies one IR edge of one graph level. Agent trees compile every
 * decision into branches, so the IR kind alone says little; the roles of the
 * two ends (see graph-index.ts) tell:
 * - a call into an agent tool and its result (`agent-tool`);
 * - a transfer: a tools node's branch (an after-tools router's, in older
 *   graphs), or a handoff's edge, to another agent's entry (`transfer`, with
 *   where the target sits in the tree);
 * - the ReAct loop: model → tools (`tool calls`) → model (`tool results`);
 * - the workflow's order: a branch that continues at the next agent, a loop's
 *   step or a parallel's join is drawn as a fixed `edge` (`answer`, `done`, …);
 * - leaving: a branch to END (or the enclosing join), labelled `exit` when the
 *   node also has a way to continue, else by what ends it (`answer`, `done`).
 * Anything else keeps the IR's kind; a generic branch is labelled with its target.
 */
export function classifyEdge(from: string, to: string, irKind: 'edge' | 'branch', g: GraphIndex): EdgeClass {
  const src = g.role(from);
  if (g.role(to) === 'agent-tool' && from !== to) {
    const tool = g.node(to).annotations?.['agentTool'];
    return { kind: 'agent-tool', label: `call ${typeof tool === 'string' ? tool : to}` };
  }
  if (src === 'agent-tool') return { kind: 'agent-tool', label: 'result' };
  if (isTransfer(from, to, g))
    return { kind: 'transfer', label: src === 'handoff' ? 'handoff' : 'transfer', transfer: relation(from, to, g) };
  if (irKind === 'edge') return { kind: 'edge' };
  switch (src) {
    case 'model':
      if (g.role(to) === 'tools' && g.agent(to) === g.agent(from)) return { kind: 'branch', label: 'tool calls' };
      return leaving(from, to, g, { only: 'answer', exit: 'exit', next: 'answer' });
    case 'tools':
    case 'after':
      if (to === g.agent(from)) return { kind: 'branch', label: 'tool results' };
      return leaving(from, to, g, { only: 'done', exit: 'exit', next: 'return directly' });
    case 'loop-next': {
      const children = g.node(g.agent(from)!)?.annotations?.['children'];
      const kids = Array.isArray(children) ? children : [];
      if (kids.includes(to)) return { kind: 'branch', label: to === kids[0] ? 'repeat' : 'next' };
      return leaving(from, to, g, { only: 'done', exit: 'done', next: 'done' });
    }
    case 'fan-out':
      return { kind: 'edge' };
    case 'join':
      return leaving(from, to, g, { only: 'all done', exit: 'failed', next: 'all done' });
    case 'handoff':
    case 'other':
      return { kind: 'branch', label: nodeLabel(to) };
  }
}

/** A tools node's (or an after-tools router's) branch to another agent it may transfer to, or a handoff's edge to its target. */
function isTransfer(from: string, to: string, g: GraphIndex): boolean {
  if (!g.isAgentEntry(to) || g.agent(to) === g.agent(from)) return false;
  const a = g.node(from).annotations ?? {};
  switch (g.role(from)) {
    case 'tools':
    case 'after':
      return Array.isArray(a['transferTargets']) && a['transferTargets'].includes(to);
    case 'handoff':
      return a['transferTo'] === to;
    default:
      return false;
  }
}

/** Where the target agent sits relative to the source, from their paths in the agent tree. */
function relation(from: string, to: string, g: GraphIndex): 'child' | 'parent' | 'peer' {
  const p = g.agentPath(from) ?? [];
  const q = g.agentPath(to) ?? [];
  const startsWith = (long: readonly string[], short: readonly string[]) =>
    long.length > short.length && short.every((name, i) => long[i] === name);
  return startsWith(q, p) ? 'child' : startsWith(p, q) ? 'parent' : 'peer';
}

/**
 * A branch out of the agent (or workflow step). When it has two ways out, one
 * is where it continues (`next`) and one where an exit or failure goes
 * (`stop`: END, `run:end`, or the join of the enclosing parallel, the only
 * places a stop can be). Continuing at the workflow's next node is the
 * workflow's order, an `edge`; leaving the graph is a `branch`.
 */
function leaving(from: string, to: string, g: GraphIndex, labels: { only: string; exit: string; next: string }): EdgeClass {
  const ways = g.branchTargets(from).filter((t) => !staysInside(from, t, g) && !isTransfer(from, t, g));
  const isStop = g.isExit(to) || g.role(to) === 'join';
  if (ways.length > 1 && isStop) return { kind: 'branch', label: labels.exit };
  if (g.isExit(to)) return { kind: 'branch', label: labels.only };
  return { kind: 'edge', label: ways.length > 1 ? labels.next : labels.only };
}

/** The agent's own ReAct nodes: its model, tools and agent tools. */
function staysInside(from: string, to: string, g: GraphIndex): boolean {
  const role = g.role(to);
  return g.agent(to) === g.agent(from) && (role === 'model' || role === 'tools' || role === 'agent-tool');
}

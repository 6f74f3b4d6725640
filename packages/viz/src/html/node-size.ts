import type { DrawingLevel } from '../model/agent-view.ts';
import type { VizNode } from '../model/viz-model.ts';

/** Text metrics the SVG is drawn with (monospace, so a label's width follows from its length without a browser). */
export const NODE_FONT = { size: 12, charWidth: 7.3 };
export const KIND_FONT = { size: 10, charWidth: 6.1 };
export const EDGE_LABEL_FONT = { size: 10, charWidth: 6.1 };
/** An agent drawn as one node (agent-level view): one line, larger, so the picture reads at the size of a pane. */
export const AGENT_FONT = { size: 15, charWidth: 9.1 };
/** Room on an agent node's right for its expand toggle. */
export const TOGGLE_ROOM = 20;

const PAD_X = 12;
const TERMINAL = new Set(['start', 'end']);

/** A node box fits its label and, below it, its kind; start and end are small pills. */
export function nodeSize(node: VizNode, level: DrawingLevel = 'nodes'): { width: number; height: number } {
  // At the agents level START and END are as large as the agents: no label on it may read smaller than theirs.
  if (level === 'agents' && TERMINAL.has(node.kind))
    return { width: Math.max(64, textWidth(node.label, AGENT_FONT) + 2 * PAD_X), height: 34 };
  if (node.kind === 'agent') return { width: Math.max(84, textWidth(node.label, AGENT_FONT) + 2 * PAD_X + TOGGLE_ROOM), height: 34 };
  if (TERMINAL.has(node.kind)) return { width: Math.max(56, textWidth(node.label, NODE_FONT) + 2 * PAD_X), height: 28 };
  const width = Math.max(textWidth(node.label, NODE_FONT), textWidth(kindText(node), KIND_FONT)) + 2 * PAD_X;
  return { width: Math.max(72, Math.ceil(width)), height: 42 };
}

/** The second line of a node box: its kind, and `join` when it waits for every predecessor. */
export function kindText(node: VizNode): string {
  return node.join ? `${node.kind} · join` : node.kind;
}

export function textWidth(text: string, font: { charWidth: number }): number {
  return Math.ceil([...text].length * font.charWidth);
}

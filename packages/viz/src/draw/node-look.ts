import type { VizNode } from '../model/viz-model.ts';

/**
 * The handful of looks a node can have in a drawing, shared by the Mermaid
 * and DOT views so both tell the same things apart: where runs start and
 * end, model calls, tool calls, routing decisions, joins, calls into another
 * graph, workflow entries, and plain steps.
 */
export type NodeLook = 'start' | 'finish' | 'model' | 'tools' | 'router' | 'join' | 'call' | 'workflow' | 'step';

const BY_KIND: Readonly<Record<string, NodeLook>> = {
  start: 'start',
  end: 'finish',
  'chat-model': 'model',
  tools: 'tools',
  router: 'router',
  join: 'join',
  'agent-tool': 'call',
  subgraph: 'call',
  sequential: 'workflow',
  parallel: 'workflow',
  loop: 'workflow',
};

export function nodeLook(node: VizNode): NodeLook {
  // A trigger-`all` node waits for every predecessor, whatever it runs: that is what the reader must see.
  if (node.join) return 'join';
  return Object.hasOwn(BY_KIND, node.kind) ? BY_KIND[node.kind]! : 'step';
}

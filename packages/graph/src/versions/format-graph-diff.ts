import type {
  AgentFieldChange,
  GraphDiff,
  NodeEntry,
  NodeFieldChange,
  RenameCandidate,
  RenameEvidence,
  SchemaChange,
} from './graph-diff.ts';

/**
 * A graph diff as lines for a terminal: a status line, the name and version
 * labels when they changed, then `+` for what was
 * added, `-` for what was removed, `~` for what changed and `?` for rename
 * guesses, in the order nodes, renames, edges, schemas, agents.
 *
 * @example
 * formatGraphDiff(diffGraphs(v1.toJSON(), v2.toJSON()));
 * // ['structural: hash 3f… -> 9a…',
 * //  '+ node review_refund (lambda)',
 * //  '- node approve (lambda)',
 * //  '? renamed: approve -> review_refund (same kind and trigger, same neighbours)',
 * //  '+ edge __start__ -> review_refund', …]
 */
export function formatGraphDiff(diff: GraphDiff): string[] {
  const { hash } = diff;
  const lines = [
    diff.status === 'structural'
      ? `structural: hash ${hash.before} -> ${hash.after}`
      : `${diff.status}: hash ${hash.after}${diff.status === 'same-structure' ? ' (annotations or schemas changed)' : ''}`,
  ];
  if (diff.name) lines.push(`~ graph name ${diff.name.before} -> ${diff.name.after}`);
  if (diff.version) lines.push(`~ graph version ${diff.version.before ?? '(none)'} -> ${diff.version.after ?? '(none)'}`);
  lines.push(...diff.nodes.added.map((n) => `+ node ${nodeLabel(n)}`));
  lines.push(...diff.nodes.removed.map((n) => `- node ${nodeLabel(n)}`));
  for (const node of diff.nodes.changed) lines.push(...node.changes.map((c) => `~ node ${node.id}: ${nodeChange(c)}`));
  lines.push(...diff.nodes.renames.map(renameLine));
  lines.push(...diff.edges.added.map((e) => `+ ${e.kind} ${e.from} -> ${e.to}`));
  lines.push(...diff.edges.removed.map((e) => `- ${e.kind} ${e.from} -> ${e.to}`));
  lines.push(...diff.schemas.map(schemaLine));
  lines.push(...diff.agents.added.map((a) => `+ agent ${a.name} (node ${a.node}${a.model ? `, model ${a.model}` : ''})`));
  lines.push(...diff.agents.removed.map((a) => `- agent ${a.name} (node ${a.node})`));
  for (const agent of diff.agents.changed) lines.push(...agent.changes.map((c) => `~ agent ${agent.name}: ${agentChange(c)}`));
  return lines;
}

function nodeLabel(n: NodeEntry): string {
  return `${n.id} (${n.kind}${n.trigger === 'all' ? ', join' : ''})`;
}

function nodeChange(c: NodeFieldChange): string {
  switch (c.field) {
    case 'kind':
    case 'trigger':
      return `${c.field} ${c.before} -> ${c.after}`;
    case 'address':
    case 'subgraph':
      return `${c.field} ${c.before ?? '(none)'} -> ${c.after ?? '(none)'}`;
    case 'fan-in':
      return `join waits for ${list(c.before)} -> ${list(c.after)}`;
    case 'annotations':
      return `annotations changed: ${c.keys.join(', ')}`;
  }
}

const evidenceText: Record<RenameEvidence, string> = {
  'same-kind-and-trigger': 'same kind and trigger',
  'same-neighbours': 'same neighbours',
  'same-agent': 'same agent but its name',
  'same-annotations': 'same annotations',
  'same-address': 'same address',
  'same-subgraph': 'same subgraph',
};

function renameLine(c: RenameCandidate): string {
  const why = c.evidence.map((e) => evidenceText[e]).join(', ');
  if (c.certainty === 'probable') return `? renamed: ${c.from} -> ${c.to} (${why})`;
  return `? renamed, ambiguous: ${c.from} -> ${c.to} (${why}; as likely: ${c.rivals.join(', ')})`;
}

function schemaLine(s: SchemaChange): string {
  const where = s.at === '' ? '' : ` of ${s.at}`;
  const sign = { added: '+', removed: '-', changed: '~' }[s.change];
  return `${sign} schema ${s.schema}${where}${s.change === 'changed' ? ' changed' : ''}`;
}

function agentChange(c: AgentFieldChange): string {
  switch (c.field) {
    case 'instruction':
    case 'description':
      return `${c.field} changed`;
    case 'model':
      return `model ${c.before ?? '(none)'} -> ${c.after ?? '(none)'}`;
    case 'path':
      return `path ${c.before.join('/')} -> ${c.after.join('/')}`;
    case 'tool':
      return c.change === 'changed' ? `tool ${c.tool} ${c.parts.join(' and ')} changed` : `tool ${c.tool} ${c.change}`;
    case 'transfer-target':
      return `transfer target ${c.agent} ${c.change}`;
  }
}

function list(ids: string[]): string {
  return ids.length === 0 ? '(nothing)' : ids.join(', ');
}

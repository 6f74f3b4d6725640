import type { GraphJSON } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { describeChanges, graphChanges } from './graph-changes.ts';

const node = (id: string, annotations?: Record<string, unknown>, subgraph?: GraphJSON) => ({
  id,
  kind: 'node',
  trigger: 'any' as const,
  ...(annotations ? { annotations } : {}),
  ...(subgraph ? { subgraph } : {}),
});

const inner = (instruction: string, extra: string[] = []): GraphJSON => ({
  name: 'inner',
  hash: instruction,
  nodes: [node('ask', { instruction }), ...extra.map((id) => node(id))],
  edges: [{ from: 'ask', to: '__end__', kind: 'edge' }, ...extra.map((id) => ({ from: 'ask', to: id, kind: 'edge' as const }))],
});

const outer = (sub: GraphJSON, nodes: string[], edges: [string, string][]): GraphJSON => ({
  name: 'outer',
  hash: 'h',
  nodes: [node('team', { tools: ['a'] }, sub), ...nodes.map((id) => node(id))],
  edges: edges.map(([from, to]) => ({ from, to, kind: 'edge' as const })),
});

describe('graphChanges', () => {
  it('names added and removed nodes, changed fields (annotations by name), and edges between nodes both builds have, subgraphs as parent/child', () => {
    const before = outer(
      inner('Be brief.'),
      ['a', 'b'],
      [
        ['team', 'a'],
        ['a', 'b'],
      ],
    );
    const after = outer(
      inner('Be thorough.', ['check']),
      ['a', 'c'],
      [
        ['team', 'a'],
        ['team', 'c'],
        ['c', 'a'],
        ['a', 'team'],
      ],
    );
    const changes = graphChanges(before, after);
    expect(changes).toEqual({
      added: ['team/check', 'c'],
      removed: ['b'],
      changed: [{ node: 'team/ask', fields: ['instruction'] }],
      edgesAdded: ['a -> team'],
      edgesRemoved: [],
    });
    expect(describeChanges(changes)).toBe('added team/check, c; removed b; changed team/ask (instruction); new edges a -> team');
    const same = graphChanges(before, structuredClone(before));
    expect(same).toEqual({ added: [], removed: [], changed: [], edgesAdded: [], edgesRemoved: [] });
    expect(describeChanges(same)).toBe('no node changed');
  });
});

import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { graph, START, END } from '../index.ts';
import type { GraphJSON } from '../compiler/graph-json.ts';
import { diffGraphs } from './diff-graphs.ts';
import { formatGraphDiff } from './format-graph-diff.ts';
import type { GraphDiff } from './graph-diff.ts';

const pass = (x: unknown) => x;

/** An empty diff between two hashes, to spread the expected parts into. */
function noChanges(before: GraphJSON, after: GraphJSON, status: GraphDiff['status']): GraphDiff {
  return {
    status,
    hash: { before: before.hash, after: after.hash },
    nodes: { added: [], removed: [], changed: [], renames: [] },
    edges: { added: [], removed: [] },
    schemas: [],
    agents: { added: [], removed: [], changed: [] },
  };
}

/** START → fetch → <middle> → notify → END, as a real compiled graph. */
function refunds(middle: string) {
  return graph({ name: 'refunds' })
    .addNode('fetch', pass)
    .addNode(middle, pass)
    .addNode('notify', pass)
    .addEdge(START, 'fetch')
    .addEdge('fetch', middle)
    .addEdge(middle, 'notify')
    .addEdge('notify', END)
    .compile()
    .toJSON();
}

describe('diffGraphs on compiled graphs', () => {
  test('two compiles of one definition are identical', () => {
    const a = refunds('approve');
    const b = refunds('approve');
    const diff = diffGraphs(a, b);
    expect(diff).toEqual(noChanges(a, b, 'identical'));
    expect(formatGraphDiff(diff)).toEqual([`identical: hash ${a.hash}`]);
  });

  test('a renamed node is a probable rename: same kind and trigger, same neighbours', () => {
    const a = refunds('approve');
    const b = refunds('review_refund');
    const diff = diffGraphs(a, b);
    expect(diff).toEqual({
      ...noChanges(a, b, 'structural'),
      nodes: {
        added: [{ id: 'review_refund', kind: 'lambda', trigger: 'any' }],
        removed: [{ id: 'approve', kind: 'lambda', trigger: 'any' }],
        changed: [],
        renames: [
          {
            certainty: 'probable',
            from: 'approve',
            to: 'review_refund',
            evidence: ['same-kind-and-trigger', 'same-neighbours'],
          },
        ],
      },
      edges: {
        added: [
          { from: 'fetch', to: 'review_refund', kind: 'edge' },
          { from: 'review_refund', to: 'notify', kind: 'edge' },
        ],
        removed: [
          { from: 'fetch', to: 'approve', kind: 'edge' },
          { from: 'approve', to: 'notify', kind: 'edge' },
        ],
      },
    } satisfies GraphDiff);
    expect(formatGraphDiff(diff)).toEqual([
      `structural: hash ${a.hash} -> ${b.hash}`,
      '+ node review_refund (lambda)',
      '- node approve (lambda)',
      '? renamed: approve -> review_refund (same kind and trigger, same neighbours)',
      '+ edge fetch -> review_refund',
      '+ edge review_refund -> notify',
      '- edge fetch -> approve',
      '- edge approve -> notify',
    ]);
  });

  test('two added nodes that fit one removed node equally are both listed, and no rename is claimed', () => {
    const a = graph({ name: 'refunds' })
      .addNode('fetch', pass)
      .addNode('approve', pass)
      .addNode('notify', pass)
      .addEdge(START, 'fetch')
      .addBranch('fetch', () => 'approve', ['approve'])
      .addEdge('approve', 'notify')
      .addEdge('notify', END)
      .compile()
      .toJSON();
    const b = graph({ name: 'refunds' })
      .addNode('fetch', pass)
      .addNode('approve_small', pass)
      .addNode('approve_large', pass)
      .addNode('notify', pass)
      .addEdge(START, 'fetch')
      .addBranch('fetch', () => 'approve_small', ['approve_small', 'approve_large'])
      .addEdge('approve_small', 'notify')
      .addEdge('approve_large', 'notify')
      .addEdge('notify', END)
      .compile()
      .toJSON();
    const diff = diffGraphs(a, b);
    const evidence = ['same-kind-and-trigger', 'same-neighbours'] as const;
    expect(diff.nodes.renames).toEqual([
      { certainty: 'ambiguous', from: 'approve', to: 'approve_small', evidence: [...evidence], rivals: ['approve_large'] },
      { certainty: 'ambiguous', from: 'approve', to: 'approve_large', evidence: [...evidence], rivals: ['approve_small'] },
    ]);
    expect(diff).toEqual({
      ...noChanges(a, b, 'structural'),
      nodes: {
        added: [
          { id: 'approve_small', kind: 'lambda', trigger: 'any' },
          { id: 'approve_large', kind: 'lambda', trigger: 'any' },
        ],
        removed: [{ id: 'approve', kind: 'lambda', trigger: 'any' }],
        changed: [],
        renames: diff.nodes.renames,
      },
      edges: {
        // IR order: plain edges first, then branches.
        added: [
          { from: 'approve_small', to: 'notify', kind: 'edge' },
          { from: 'approve_large', to: 'notify', kind: 'edge' },
          { from: 'fetch', to: 'approve_small', kind: 'branch' },
          { from: 'fetch', to: 'approve_large', kind: 'branch' },
        ],
        removed: [
          { from: 'approve', to: 'notify', kind: 'edge' },
          { from: 'fetch', to: 'approve', kind: 'branch' },
        ],
      },
    } satisfies GraphDiff);
    expect(formatGraphDiff(diff).filter((l) => l.startsWith('?'))).toEqual([
      '? renamed, ambiguous: approve -> approve_small (same kind and trigger, same neighbours; as likely: approve_large)',
      '? renamed, ambiguous: approve -> approve_large (same kind and trigger, same neighbours; as likely: approve_small)',
    ]);
  });

  test('a branch added elsewhere adds its node and edges and guesses no rename', () => {
    const a = refunds('approve');
    const b = graph({ name: 'refunds' })
      .addNode('fetch', pass)
      .addNode('approve', pass)
      .addNode('notify', pass)
      .addNode('escalate', pass)
      .addEdge(START, 'fetch')
      .addEdge('fetch', 'approve')
      .addBranch('approve', () => 'notify', ['notify', 'escalate'])
      .addEdge('escalate', END)
      .addEdge('notify', END)
      .compile()
      .toJSON();
    expect(diffGraphs(a, b)).toEqual({
      ...noChanges(a, b, 'structural'),
      nodes: { added: [{ id: 'escalate', kind: 'lambda', trigger: 'any' }], removed: [], changed: [], renames: [] },
      edges: {
        added: [
          { from: 'escalate', to: END, kind: 'edge' },
          { from: 'approve', to: 'notify', kind: 'branch' },
          { from: 'approve', to: 'escalate', kind: 'branch' },
        ],
        removed: [{ from: 'approve', to: 'notify', kind: 'edge' }],
      },
    } satisfies GraphDiff);
  });

  test("a join's changed fan-in is a node change besides the edges", () => {
    const fanIn = (sources: string[]) => {
      let g = graph({ name: 'review' }).addNode('merge', pass, { trigger: 'all' });
      for (const s of sources) g = g.addNode(s, pass).addEdge(START, s).addEdge(s, 'merge');
      return g.addEdge('merge', END).compile().toJSON();
    };
    const a = fanIn(['legal', 'finance']);
    const b = fanIn(['legal', 'finance', 'security']);
    const diff = diffGraphs(a, b);
    expect(diff).toEqual({
      ...noChanges(a, b, 'structural'),
      nodes: {
        added: [{ id: 'security', kind: 'lambda', trigger: 'any' }],
        removed: [],
        changed: [{ id: 'merge', changes: [{ field: 'fan-in', before: ['legal', 'finance'], after: ['legal', 'finance', 'security'] }] }],
        renames: [],
      },
      edges: {
        added: [
          { from: START, to: 'security', kind: 'edge' },
          { from: 'security', to: 'merge', kind: 'edge' },
        ],
        removed: [],
      },
    } satisfies GraphDiff);
    expect(formatGraphDiff(diff)).toContain('~ node merge: join waits for legal, finance -> legal, finance, security');
  });

  test('a change inside a subgraph is listed with the holder node as prefix', () => {
    const inner = (middle: string) =>
      graph({ name: 'check' })
        .addNode('load', pass)
        .addNode(middle, pass)
        .addEdge(START, 'load')
        .addEdge('load', middle)
        .addEdge(middle, END)
        .compile();
    const outer = (middle: string) =>
      graph({ name: 'outer' }).addNode('check', inner(middle)).addEdge(START, 'check').addEdge('check', END).compile().toJSON();
    const a = outer('score');
    const b = outer('rate');
    const diff = diffGraphs(a, b);
    expect(diff).toEqual({
      ...noChanges(a, b, 'structural'),
      nodes: {
        added: [{ id: 'check/rate', kind: 'lambda', trigger: 'any' }],
        removed: [{ id: 'check/score', kind: 'lambda', trigger: 'any' }],
        changed: [],
        renames: [{ certainty: 'probable', from: 'check/score', to: 'check/rate', evidence: ['same-kind-and-trigger', 'same-neighbours'] }],
      },
      edges: {
        added: [
          { from: 'check/load', to: 'check/rate', kind: 'edge' },
          { from: 'check/rate', to: `check/${END}`, kind: 'edge' },
        ],
        removed: [
          { from: 'check/load', to: 'check/score', kind: 'edge' },
          { from: 'check/score', to: `check/${END}`, kind: 'edge' },
        ],
      },
    } satisfies GraphDiff);
  });

  test('a narrowed input schema keeps the hash: same structure, the schema change listed', () => {
    const refund = (amount: z.ZodNumber) =>
      graph({ name: 'refund', input: z.object({ amount }) })
        .addNode('pay', pass)
        .addEdge(START, 'pay')
        .addEdge('pay', END)
        .compile()
        .toJSON();
    const a = refund(z.number());
    const b = refund(z.number().positive().max(500));
    expect(a.hash).toBe(b.hash);
    const diff = diffGraphs(a, b);
    expect(diff).toEqual({
      ...noChanges(a, b, 'same-structure'),
      schemas: [
        {
          at: '',
          schema: 'input',
          change: 'changed',
          before: a.input!,
          after: { ...a.input, properties: { amount: { type: 'number', exclusiveMinimum: 0, maximum: 500 } } },
        },
      ],
    } satisfies GraphDiff);
    expect(formatGraphDiff(diff)).toEqual([`same-structure: hash ${a.hash} (annotations or schemas changed)`, '~ schema input changed']);
  });
});

describe('diffGraphs on hand-built JSON', () => {
  const inner: GraphJSON = { name: 'inner', hash: 'i1', nodes: [{ id: 'x', kind: 'lambda', trigger: 'any' }], edges: [] };
  const old: GraphJSON = {
    name: 'flow',
    hash: 'h1',
    version: 'v1',
    nodes: [
      { id: 'a', kind: 'lambda', trigger: 'any' },
      { id: 'j', kind: 'lambda', trigger: 'all' },
      { id: 's', kind: 'lambda', trigger: 'any' },
      { id: 'x', kind: 'lambda', trigger: 'any', annotations: { role: 'check', label: 'X' } },
      { id: 'gone', kind: 'lambda', trigger: 'any' },
    ],
    edges: [{ from: 'a', to: 'j', kind: 'edge' }],
    output: { type: 'string' },
  };
  const next: GraphJSON = {
    name: 'flow2',
    hash: 'h2',
    version: 'v2',
    nodes: [
      { id: 'a', kind: 'router', trigger: 'any', address: 'approval' },
      { id: 'j', kind: 'lambda', trigger: 'any' },
      { id: 's', kind: 'subgraph', trigger: 'any', subgraph: inner },
      { id: 'x', kind: 'lambda', trigger: 'any', annotations: { role: 'verify', extra: 1 } },
      { id: 'new', kind: 'router', trigger: 'all' },
    ],
    edges: [{ from: 'a', to: 'j', kind: 'edge' }],
    input: { type: 'number' },
  };

  test('kind, trigger, address, subgraph and annotations changes; name, version and schemas', () => {
    const diff = diffGraphs(old, next);
    expect(diff).toEqual({
      ...noChanges(old, next, 'structural'),
      name: { before: 'flow', after: 'flow2' },
      version: { before: 'v1', after: 'v2' },
      nodes: {
        added: [{ id: 'new', kind: 'router', trigger: 'all' }],
        removed: [{ id: 'gone', kind: 'lambda', trigger: 'any' }],
        changed: [
          {
            id: 'a',
            changes: [
              { field: 'kind', before: 'lambda', after: 'router' },
              { field: 'address', before: undefined, after: 'approval' },
            ],
          },
          { id: 'j', changes: [{ field: 'trigger', before: 'all', after: 'any' }] },
          {
            id: 's',
            changes: [
              { field: 'kind', before: 'lambda', after: 'subgraph' },
              { field: 'subgraph', before: undefined, after: 'inner' },
            ],
          },
          { id: 'x', changes: [{ field: 'annotations', keys: ['role', 'label', 'extra'] }] },
        ],
        // `gone` and `new` share neither kind nor trigger: no guess.
        renames: [],
      },
      schemas: [
        { at: '', schema: 'input', change: 'added', after: { type: 'number' } },
        { at: '', schema: 'output', change: 'removed', before: { type: 'string' } },
      ],
    } satisfies GraphDiff);
    expect(formatGraphDiff(diff)).toEqual([
      'structural: hash h1 -> h2',
      '~ graph name flow -> flow2',
      '~ graph version v1 -> v2',
      '+ node new (router, join)',
      '- node gone (lambda)',
      '~ node a: kind lambda -> router',
      '~ node a: address (none) -> approval',
      '~ node j: trigger all -> any',
      '~ node s: kind lambda -> subgraph',
      '~ node s: subgraph (none) -> inner',
      '~ node x: annotations changed: role, label, extra',
      '+ schema input',
      '- schema output',
    ]);
  });

  test('only the version label differs: same structure', () => {
    const relabelled = { ...old, version: 'v1.1' };
    expect(diffGraphs(old, relabelled)).toEqual({
      ...noChanges(old, relabelled, 'same-structure'),
      version: { before: 'v1', after: 'v1.1' },
    } satisfies GraphDiff);
  });

  test('two removed and two added nodes that all fit alike: every pair ambiguous, none claimed', () => {
    const two = (ids: string[]): GraphJSON => ({
      name: 'pair',
      hash: ids.join(),
      nodes: [{ id: 'hub', kind: 'lambda', trigger: 'any' }, ...ids.map((id) => ({ id, kind: 'tools', trigger: 'any' as const }))],
      edges: ids.map((id) => ({ from: 'hub', to: id, kind: 'edge' as const })),
    });
    const diff = diffGraphs(two(['p', 'q']), two(['r', 's']));
    const evidence: ['same-kind-and-trigger', 'same-neighbours'] = ['same-kind-and-trigger', 'same-neighbours'];
    expect(diff.nodes.renames).toEqual([
      { certainty: 'ambiguous', from: 'p', to: 'r', evidence, rivals: ['s', 'q'] },
      { certainty: 'ambiguous', from: 'p', to: 's', evidence, rivals: ['r', 'q'] },
      { certainty: 'ambiguous', from: 'q', to: 'r', evidence, rivals: ['s', 'p'] },
      { certainty: 'ambiguous', from: 'q', to: 's', evidence, rivals: ['r', 'p'] },
    ]);
  });
});

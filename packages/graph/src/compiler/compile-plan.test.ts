import { MemoryStore } from '@weft/checkpoint';
import { describe, expect, it } from 'vitest';
import { END, START, graph, GraphValidationError, type GraphIssue } from '../index.ts';

const id = (x: unknown) => x;

function issuesOf(build: () => unknown): GraphIssue[] {
  try {
    build();
  } catch (err) {
    expect(err).toBeInstanceOf(GraphValidationError);
    expect((err as GraphValidationError).code).toBe('GRAPH_INVALID');
    return [...(err as GraphValidationError).issues];
  }
  throw new Error('compile() did not fail');
}

describe('compile() validation', () => {
  it('reports every problem at once, each with a code and the nodes involved', () => {
    const issues = issuesOf(() =>
      graph({ name: 'bad' })
        .addNode('a', id)
        .addNode('a', id)
        .addNode('lonely', id)
        .addNode('sink', id)
        .addEdge(START, 'a')
        .addEdge('a', END)
        .addEdge('a' as never, 'nowhere' as never)
        .addEdge('ghost' as never, 'a')
        .addEdge('a', 'sink')
        .compile(),
    );
    expect(issues.map((i) => [i.code, i.nodes])).toEqual([
      ['DUPLICATE_NODE', ['a']],
      ['UNKNOWN_TARGET', ['a', 'nowhere']],
      ['UNKNOWN_SOURCE', ['ghost']],
      ['UNREACHABLE', ['lonely']],
      ['NO_PATH_TO_END', ['sink']],
    ]);
    expect(issues[1]!.message).toContain('known nodes: a, lonely, sink');
  });

  it('rejects reserved names, non-function nodes and a graph with no entry', () => {
    const issues = issuesOf(() =>
      graph({ name: 'bad' })
        .addNode(START as never, id)
        .addNode('x', 42 as never)
        .addNode('a/b', id)
        .compile(),
    );
    expect(issues.map((i) => i.code)).toEqual(['RESERVED_NAME', 'INVALID_NODE', 'INVALID_NODE', 'NO_ENTRY']);
  });

  it('rejects a cycle that no branch leaves, and a join on a cycle', () => {
    const issues = issuesOf(() =>
      graph({ name: 'loop' })
        .addNode('a', id)
        .addNode('b', id, { trigger: 'all' })
        .addNode('c', id)
        .addEdge(START, 'a')
        .addEdge('a', 'b')
        .addEdge('b', 'a')
        .addEdge('b', 'c')
        .addEdge('c', END)
        .compile(),
    );
    expect(issues.map((i) => [i.code, i.nodes])).toEqual([
      ['CYCLE_WITHOUT_EXIT', ['a', 'b']],
      ['JOIN_ON_CYCLE', ['b']],
    ]);
  });

  it('accepts a cycle with a branch out of it', () => {
    const g = graph({ name: 'react' })
      .addNode('model', id)
      .addNode('tools', id)
      .addEdge(START, 'model')
      .addBranch('model', () => END, ['tools', END])
      .addEdge('tools', 'model')
      .compile();
    expect(g.name).toBe('react');
  });

  it('rejects bad compile options and bad builder arguments with INVALID_ARGUMENT', () => {
    const ok = () => graph({ name: 'g' }).addNode('a', id).addEdge(START, 'a').addEdge('a', END);
    expect(() => ok().compile({ maxSteps: 0 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => ok().compile({ maxConcurrency: 1.5 })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => ok().compile({ store: {} as never })).toThrow(/store must implement CheckpointStore/);
    expect(() => graph({ name: '' })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => graph(null as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(() => ok().addBranch('a', 'x' as never, [END])).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('the IR', () => {
  const build = (annotation = 'v1') =>
    graph({ name: 'ir' })
      .addNode('model', id, { kind: 'chat-model', annotations: { note: annotation } })
      .addNode('tools', id, { kind: 'tools' })
      .addNode('join', id, { trigger: 'all' })
      .addEdge(START, 'model')
      .addBranch('model', () => 'tools', ['tools', 'join'])
      .addEdge('tools', 'model')
      .addEdge('tools', 'join')
      .addEdge('join', END)
      .compile();

  it('is plain JSON in insertion order with kinds, triggers, annotations and edge kinds', () => {
    const json = build().toJSON();
    expect(json).toEqual({
      name: 'ir',
      hash: build().hash,
      nodes: [
        { id: START, kind: 'start', trigger: 'any' },
        { id: 'model', kind: 'chat-model', trigger: 'any', annotations: { note: 'v1' } },
        { id: 'tools', kind: 'tools', trigger: 'any' },
        { id: 'join', kind: 'lambda', trigger: 'all' },
        { id: END, kind: 'end', trigger: 'any' },
      ],
      edges: [
        { from: START, to: 'model', kind: 'edge' },
        { from: 'tools', to: 'model', kind: 'edge' },
        { from: 'tools', to: 'join', kind: 'edge' },
        { from: 'join', to: END, kind: 'edge' },
        { from: 'model', to: 'tools', kind: 'branch' },
        { from: 'model', to: 'join', kind: 'branch' },
      ],
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('is a graphology graph with the same nodes and edges', () => {
    const { ir } = build();
    expect(ir.order).toBe(5);
    expect(ir.size).toBe(6);
    expect(ir.getNodeAttribute('join', 'trigger')).toBe('all');
    expect(ir.outNeighbors('model').sort()).toEqual(['join', 'tools']);
  });

  it('has a hash that is stable, ignores annotations and changes with structure', () => {
    expect(build().hash).toMatch(/^[0-9a-f]{16}$/);
    expect(build().hash).toBe(build().hash);
    expect(build('v2').hash).toBe(build().hash);
    const other = graph({ name: 'ir' }).addNode('model', id).addEdge(START, 'model').addEdge('model', END).compile();
    expect(other.hash).not.toBe(build().hash);
  });

  it('nests a subgraph’s JSON and hash under its node', () => {
    const inner = graph({ name: 'inner' }).addNode('x', id).addEdge(START, 'x').addEdge('x', END).compile();
    const outer = graph({ name: 'outer' }).addNode('sub', inner).addEdge(START, 'sub').addEdge('sub', END).compile();
    const node = outer.toJSON().nodes[1]!;
    expect(node).toEqual({ id: 'sub', kind: 'subgraph', trigger: 'any', subgraph: inner.toJSON() });
  });

  it('includes a node’s address option (interrupt ids are made from it): a checkpoint of the old address is refused as another graph', async () => {
    const { MemoryStore, interrupt } = await import('../index.ts');
    const store = new MemoryStore();
    const ask = (address?: string) =>
      graph<string, string>({ name: 'ask' })
        .addNode('q', (x: string) => `${x}:${interrupt<string>('?')}`, address === undefined ? {} : { address })
        .addEdge(START, 'q')
        .addEdge('q', END)
        .compile({ store });
    const plain = ask();
    expect(plain.toJSON().nodes[1]).toEqual({ id: 'q', kind: 'lambda', trigger: 'any' });
    expect(ask('approval').toJSON().nodes[1]).toEqual({ id: 'q', kind: 'lambda', trigger: 'any', address: 'approval' });
    expect(ask('approval').hash).not.toBe(plain.hash);
    expect(ask('approval').hash).toBe(ask('approval').hash);
    expect((await ask('approval').run('x', { threadId: 't' })).interrupts.map((i) => i.id)).toEqual(['approval#0']);
    await expect(plain.resume({ threadId: 't', resume: { 'q#0': 'yes' } })).rejects.toMatchObject({ code: 'CHECKPOINT_GRAPH_MISMATCH' });
  });
});

describe('what a compiled graph tells its host', () => {
  it('names the store it writes to (none, the compile-time one, the one withStore gave) and its distributed nodes in order', () => {
    const build = () =>
      graph({ name: 'hosted' })
        .addNode('a', id)
        .addNode('b', id, { distribute: true })
        .addNode('c', id, { distribute: true })
        .addEdge(START, 'a')
        .addEdge('a', 'b')
        .addEdge('b', 'c')
        .addEdge('c', END);
    const plain = build().compile();
    expect(plain.store).toBeUndefined();
    expect(plain.distributedNodes).toEqual(['b', 'c']);
    const first = new MemoryStore();
    const second = new MemoryStore();
    const kept = build().compile({ store: first });
    expect(kept.store).toBe(first);
    const moved = kept.withStore(second);
    expect(moved.store).toBe(second);
    expect(kept.store).toBe(first);
    expect(graph({ name: 'local' }).addNode('a', id).addEdge(START, 'a').addEdge('a', END).compile().distributedNodes).toEqual([]);
    expect(Object.keys(plain)).not.toContain('plan');
  });
});

import { START, type GraphJSON } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { branchLoopGraph } from '../../test-support/seed-graphs.ts';
import { toDot } from '../dot/to-dot.ts';
import { toMermaid } from '../mermaid/to-mermaid.ts';
import { toJSON, vizModel } from './build-viz-model.ts';

const caught = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as { name: string; code: string; message: string; details: unknown };
  }
  throw new Error('expected a throw');
};

describe('bad input', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'graph'],
  ])('%s: a VizError saying what to pass', (_what, input) => {
    for (const [name, view] of [
      ['vizModel', vizModel],
      ['toJSON', toJSON],
      ['toMermaid', toMermaid],
      ['toDot', toDot],
    ] as const) {
      const err = caught(() => view(input as unknown as GraphJSON));
      expect(err).toMatchObject({ name: 'VizError', code: 'INVALID_ARGUMENT' });
      expect(err.message).toMatch(new RegExp(`^${name}\\(\\) got .*; pass a compiled graph .* or its toJSON\\(\\) GraphJSON$`));
    }
  });

  it('a random object: every missing part is named', () => {
    const err = caught(() => vizModel({ foo: 1 } as unknown as GraphJSON));
    expect(err.code).toBe('INVALID_ARGUMENT');
    expect(err.details).toEqual({
      problems: [
        'graph.name must be a string',
        'graph.hash must be a string',
        'graph.nodes must be an array',
        'graph.edges must be an array',
      ],
    });
  });

  it('a GraphJSON with an edge to an unknown node, a duplicate node and a bad subgraph: all reported at once', () => {
    const json = branchLoopGraph().toJSON();
    json.edges.push({ from: 'publish', to: 'nowhere', kind: 'edge' });
    json.nodes.push({ id: 'write', kind: 'lambda', trigger: 'any' });
    json.nodes.push({ id: 'sub', kind: 'subgraph', trigger: 'sometimes' as 'any', subgraph: { name: 'x' } as GraphJSON });
    const err = caught(() => toMermaid(json));
    expect(err).toMatchObject({ name: 'VizError', code: 'INVALID_ARGUMENT' });
    expect(err.details).toEqual({
      problems: [
        'graph.nodes[6].id "write" is used by two nodes',
        'graph.nodes[7].trigger must be "any" or "all"',
        'graph.nodes[7].subgraph.hash must be a string',
        'graph.nodes[7].subgraph.nodes must be an array',
        'graph.nodes[7].subgraph.edges must be an array',
        'graph.edges[6].to names no node of the graph (got "nowhere")',
      ],
    });
    expect(err.message).toContain('\n  - graph.edges[6].to names no node of the graph (got "nowhere")');
  });

  it('a compiled-graph look-alike whose toJSON returns something else', () => {
    const err = caught(() => toDot({ toJSON: () => ({ nodes: [{ id: START }] }) } as unknown as GraphJSON));
    expect(err).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect(err.message).toMatch(/^toDot\(\) got something that is not a valid GraphJSON/);
  });

  it('the error serialises with its code', () => {
    const err = caught(() => vizModel(null as unknown as GraphJSON)) as unknown as { toJSON(): unknown };
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({ name: 'VizError', code: 'INVALID_ARGUMENT' });
  });

  it('annotations that are not JSON', () => {
    const json = branchLoopGraph().toJSON();
    const loop: Record<string, unknown> = {};
    loop['self'] = loop;
    json.nodes[1]!.annotations = loop;
    const err = caught(() => vizModel(json));
    expect(err).toMatchObject({ name: 'VizError', code: 'INVALID_ARGUMENT' });
    expect(err.message).toMatch(/^the annotations of node "write" are not JSON/);
  });
});

import { describe, expect, it } from 'vitest';
import type { EvalError } from '../errors.ts';
import { graphPath } from './graph-path.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';

const ctx = scorerContext();
const run = caseRun({
  path: {
    nodes: ['__start__', 'Coordinator', 'Coordinator/Billing', 'Coordinator/Billing:tools', 'Coordinator/Billing', '__end__'],
    edges: ['__start__ -> Coordinator', 'Coordinator -> Coordinator/Billing', 'Coordinator/Billing -> Coordinator/Billing:tools'],
  },
});

describe('graphPath()', () => {
  it('passes when every node is visited, none avoided is, and every edge is taken (names match as address globs)', async () => {
    const scorer = graphPath({ visits: ['Billing', 'Billing:tools'], avoids: ['Escalation*'], edges: ['Billing -> Billing:tools'] });
    expect(scorer.name).toBe('graphPath');
    expect(await scorer.score(run, ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the path met all 4 checks (visited 2, avoided 1, took 1 edge)',
      details: { nodes: 6, edges: 3, failed: [] },
    });
  });

  it('scores the share of checks met and names the first failure', async () => {
    const scorer = graphPath({ visits: ['Billing', 'Refunds'], avoids: ['Coordinator/Billing:tools'], edges: ['Coordinator -> __end__'] });
    expect(await scorer.score(run, ctx)).toEqual({
      score: 1 / 4,
      pass: false,
      reason: 'the run did not visit "Refunds" (and 2 more)',
      details: {
        nodes: 6,
        edges: 3,
        failed: [
          'did not visit "Refunds"',
          'visited "Coordinator/Billing:tools", which it must avoid',
          'did not take the edge "Coordinator -> __end__"',
        ],
      },
    });
    // A name matches a node whole or after a `/`, not in the middle of one.
    expect((await graphPath({ visits: ['illing'] }).score(run, ctx))?.reason).toBe('the run did not visit "illing"');
  });

  it('refuses bad options at construction with INVALID_ARGUMENT', () => {
    const bad: [unknown, string][] = [
      [{}, 'graphPath(): give at least one node in visits or avoids, or one edge in edges'],
      [{ visits: 'Billing' }, 'graphPath(): visits must be an array of non-empty node names, got "Billing"'],
      [{ edges: ['a => b'] }, 'graphPath(): an edge is written "from -> to", got "a => b"'],
      [{ edges: ['a -> '] }, 'graphPath(): an edge is written "from -> to", got "a -> "'],
      [null, 'graphPath(): options must be an object ({ visits?, avoids?, edges? }), got null'],
    ];
    for (const [options, message] of bad) {
      expect(() => graphPath(options as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message }) as EvalError);
    }
  });
});

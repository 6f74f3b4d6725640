import type { GraphEvent } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { checkJobEvents } from './check-events.ts';

const base = (runId: string, step: number) => ({ runId, threadId: 't', step, path: [], ts: 0 });
const start = (runId: string, node: string, step: number): GraphEvent => ({
  ...base(runId, step),
  type: 'node.start',
  node,
  key: undefined,
  input: null,
  attempt: 1,
});
const end = (runId: string, step: number, output: unknown): GraphEvent => ({
  ...base(runId, step),
  type: 'run.end',
  status: 'done',
  output,
});
const expected = {
  steps: [
    { node: 'a', step: 1 },
    { node: 'b', step: 2 },
  ],
  status: 'done',
  output: 'ok',
};

describe('checkJobEvents', () => {
  it('passes one attempt, and a killed attempt followed by the one that finished', () => {
    expect(checkJobEvents('j', [start('r1', 'a', 1), start('r1', 'b', 2), end('r1', 2, 'ok')], expected)).toEqual([]);
    expect(checkJobEvents('j', [start('r1', 'a', 1), start('r1', 'b', 2), start('r2', 'b', 2), end('r2', 2, 'ok')], expected)).toEqual([]);
    // r1 died before sending b's start; r2 began after it.
    expect(checkJobEvents('j', [start('r1', 'a', 1), end('r2', 2, 'ok')], expected)).toEqual([]);
  });

  it('reports interleaved attempts, steps out of order, and a wrong or missing end', () => {
    expect(checkJobEvents('j', [start('r1', 'a', 1), start('r2', 'a', 1), start('r1', 'b', 2), end('r2', 2, 'ok')], expected)).toEqual([
      'j: attempts interleave (r1 r2 r1 r2)',
    ]);
    expect(checkJobEvents('j', [start('r1', 'b', 2), start('r1', 'a', 1), end('r1', 2, 'ok')], expected)).toEqual([
      "j: run r1's events go back in steps",
      'j: steps started b@2, a@1; expected in order from a@1, b@2',
    ]);
    expect(checkJobEvents('j', [start('r1', 'a', 1), end('r1', 2, 'no')], expected)).toEqual(['j: ended done with "no"']);
    expect(checkJobEvents('j', [start('r1', 'a', 1)], expected)).toEqual(['j: 0 run.end events, last event node.start']);
  });
});

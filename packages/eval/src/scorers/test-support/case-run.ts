import type { CaseRun, ScorerContext } from '../scorer.ts';

/** A done run of case `c1` that did nothing, with `overrides` on top: the fixture every scorer test starts from. */
export function caseRun(overrides: Partial<CaseRun> = {}): CaseRun {
  return {
    case: { id: 'c1' },
    status: 'done',
    output: undefined,
    finalMessage: undefined,
    error: undefined,
    trajectory: [],
    path: { nodes: [], edges: [] },
    interrupts: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, modelCalls: 0, steps: 0, durationMs: 0 },
    events: [],
    threadId: 'eval:c1',
    checkpointId: undefined,
    graph: { name: 'g', hash: 'h', nodes: [], edges: [] },
    ...overrides,
  };
}

/** A scorer context whose models answer as they are (no cassette), with a signal that never aborts. */
export function scorerContext(): ScorerContext {
  return { model: (live) => live, signal: new AbortController().signal };
}

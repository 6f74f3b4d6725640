import { describe, expect, it } from 'vitest';
import type { ExpectedStep } from '../define/expected-step.ts';
import type { EvalError } from '../errors.ts';
import type { ToolCallStep, TrajectoryStep, TransferStep } from '../run/trajectory-step.ts';
import { caseRun, scorerContext } from './test-support/case-run.ts';
import { trajectory, type TrajectoryMode } from './trajectory.ts';

const ctx = scorerContext();
const call = (tool: string, args: Record<string, unknown> = {}, agent = 'Billing'): ToolCallStep => ({ type: 'tool', agent, tool, args });
const hop = (from: string, to: string): TransferStep => ({ type: 'transfer', from, to });

async function scoreOf(mode: TrajectoryMode, expected: ExpectedStep[], actual: TrajectoryStep[]) {
  return trajectory({ mode, expected }).score(caseRun({ trajectory: actual }), ctx);
}

// The same trajectory, as expected and as made: it must hold in every mode.
const support: ExpectedStep[] = [
  { transfer: 'Billing', from: 'Coordinator' },
  { tool: 'lookup', args: { id: /^INV-/ } },
  { tool: 'refund' },
];
const supportRun = [hop('Coordinator', 'Billing'), call('lookup', { id: 'INV-1' }), call('refund', { id: 'INV-1' })];
const a = call('a');
const b = call('b');
const c = call('c');
const loose: ExpectedStep = { tool: 'search' };
const strict: ExpectedStep = { tool: 'search', args: { q: 'refund' } };

// Rows: [name, expected, actual, then [pass, score] in the modes strict, unordered, subset, superset].
type Verdict = [pass: boolean, score: number];
const table: [string, ExpectedStep[], TrajectoryStep[], Verdict, Verdict, Verdict, Verdict][] = [
  ['identical', support, supportRun, [true, 1], [true, 1], [true, 1], [true, 1]],
  ['both empty', [], [], [true, 1], [true, 1], [true, 1], [true, 1]],
  ['nothing expected, one step made', [], [a], [false, 0], [false, 0], [false, 0], [true, 1]],
  ['one expected, nothing made', [{ tool: 'a' }], [], [false, 0], [false, 0], [true, 1], [false, 0]],
  ['same steps, other order', [{ tool: 'a' }, { tool: 'b' }], [b, a], [false, 1 / 2], [true, 1], [true, 1], [true, 1]],
  ['one extra step', [{ tool: 'a' }, { tool: 'b' }], [a, c, b], [false, 2 / 3], [false, 2 / 3], [false, 2 / 3], [true, 1]],
  ['one step missing', [{ tool: 'a' }, { tool: 'b' }, { tool: 'c' }], [a, c], [false, 2 / 3], [false, 2 / 3], [true, 1], [false, 2 / 3]],
  ['a tool called twice, expected once', [{ tool: 'a' }], [a, a], [false, 1 / 2], [false, 1 / 2], [false, 1 / 2], [true, 1]],
  ['a tool expected twice, called once', [{ tool: 'a' }, { tool: 'a' }], [a], [false, 1 / 2], [false, 1 / 2], [true, 1], [false, 1 / 2]],
  ['a tool expected twice, called twice', [{ tool: 'a' }, { tool: 'a' }], [a, a], [true, 1], [true, 1], [true, 1], [true, 1]],
  // Greedy pairing gives the loose step the refund search and leaves the strict one nothing.
  [
    'a loose step before a strict one',
    [loose, strict],
    [call('search', { q: 'refund' }), call('search', { q: 'weather' })],
    [false, 1 / 2],
    [true, 1],
    [true, 1],
    [true, 1],
  ],
  [
    'an argument that differs',
    [{ tool: 'lookup', args: { id: 'INV-1' } }],
    [call('lookup', { id: 'INV-2' })],
    [false, 0],
    [false, 0],
    [false, 0],
    [false, 0],
  ],
  [
    'a regexp on a number',
    [{ tool: 'pay', args: { cents: /^\d{3}$/ } }],
    [call('pay', { cents: 250 })],
    [true, 1],
    [true, 1],
    [true, 1],
    [true, 1],
  ],
  [
    'a predicate',
    [{ tool: 'pay', args: { cents: (n: unknown) => typeof n === 'number' && n > 300 } }],
    [call('pay', { cents: 250 })],
    [false, 0],
    [false, 0],
    [false, 0],
    [false, 0],
  ],
  [
    'a deep-equal object',
    [{ tool: 'pay', args: { to: { iban: 'NO93' } } }],
    [call('pay', { to: { iban: 'NO93' }, cents: 1 })],
    [true, 1],
    [true, 1],
    [true, 1],
    [true, 1],
  ],
  ['another agent', [{ tool: 'a', agent: 'Support' }], [a], [false, 0], [false, 0], [false, 0], [false, 0]],
  [
    'a transfer from another agent',
    [{ transfer: 'Billing', from: 'Triage' }],
    [hop('Coordinator', 'Billing')],
    [false, 0],
    [false, 0],
    [false, 0],
    [false, 0],
  ],
];
const modes: TrajectoryMode[] = ['strict', 'unordered', 'subset', 'superset'];

describe('trajectory() modes', () => {
  it.each(table)('%s', async (_name, expected, actual, ...verdicts) => {
    const got = await Promise.all(modes.map(async (mode) => (await scoreOf(mode, expected, actual))!));
    expect(got.map((r) => [r.pass, r.score])).toEqual(verdicts);
  });
});

describe('trajectory() reasons and details', () => {
  it('strict names the first step out of place', async () => {
    expect(await scoreOf('strict', [{ tool: 'a' }, { tool: 'b' }], [a, c, b])).toEqual({
      score: 2 / 3,
      pass: false,
      reason: 'step 2: expected b(), got Billing: c({})',
      details: { mode: 'strict', expected: 2, actual: 3, matchedInOrder: 2 },
    });
    expect((await scoreOf('strict', [{ tool: 'a' }], [a, b]))?.reason).toBe('step 2: unexpected Billing: b({}) after the 1 step expected');
    expect((await scoreOf('strict', support, supportRun.slice(0, 1)))?.reason).toBe(
      'step 2: expected lookup(id: /^INV-/), but the run made only 1 step',
    );
    expect((await scoreOf('strict', support, supportRun))?.reason).toBe('the run made the 3 steps expected, in order');
  });

  it('the other modes name the first step missing or unexpected, and list them all in details', async () => {
    expect(await scoreOf('unordered', [{ tool: 'a' }, { transfer: 'Billing' }, { tool: 'b' }], [c, b, a, c])).toEqual({
      score: 2 / 4,
      pass: false,
      reason: 'missing transfer → Billing; unexpected Billing: c({}) (2 of 3 steps expected matched)',
      details: {
        mode: 'unordered',
        expected: 3,
        actual: 4,
        matched: 2,
        missing: ['transfer → Billing'],
        unexpected: ['Billing: c({})', 'Billing: c({})'],
      },
    });
    expect((await scoreOf('subset', [{ tool: 'a' }], [a, hop('Billing', 'Coordinator')]))?.reason).toBe(
      "unexpected transfer Billing → Coordinator (1 of the run's 2 steps expected)",
    );
    expect((await scoreOf('superset', [{ tool: 'refund', agent: 'Billing', args: { id: 'INV-1' } }], [a]))?.reason).toBe(
      'missing Billing: refund(id: "INV-1") (0 of 1 step expected matched)',
    );
    expect((await scoreOf('subset', [{ tool: 'a' }, { tool: 'b' }], [b]))?.reason).toBe("each of the run's 1 step was expected");
    expect((await scoreOf('superset', [{ tool: 'a' }], [c, a]))?.reason).toBe('the run made the 1 step expected, among its 2 steps');
    expect((await scoreOf('unordered', [{ tool: 'a' }, { tool: 'b' }], [b, a]))?.reason).toBe(
      'the run made the 2 steps expected, in some order',
    );
  });

  it('pairs a loose expected step with the call a strict one does not need (maximum matching, not greedy)', async () => {
    const run = [call('search', { q: 'refund' }), call('search', { q: 'weather' })];
    expect(await scoreOf('superset', [loose, strict], run)).toEqual({
      score: 1,
      pass: true,
      reason: 'the run made the 2 steps expected, among its 2 steps',
      details: { mode: 'superset', expected: 2, actual: 2, matched: 2, missing: [], unexpected: [] },
    });
  });
});

describe('trajectory() options', () => {
  it("uses the case's expected.trajectory by default (strict), and skips a case without one", async () => {
    const scorer = trajectory();
    expect(scorer.name).toBe('trajectory');
    const run = caseRun({ case: { id: 'c1', expected: { trajectory: support } }, trajectory: supportRun });
    expect((await scorer.score(run, ctx))?.pass).toBe(true);
    expect(await scorer.score(caseRun({ trajectory: supportRun }), ctx)).toBeNull();
    // An empty expected trajectory is an expectation: the run should make no step.
    expect((await scorer.score(caseRun({ case: { id: 'c1', expected: { trajectory: [] } }, trajectory: [a] }), ctx))?.pass).toBe(false);
  });

  it('leaves out ignored transfers and tools on both sides', async () => {
    const scorer = trajectory({
      mode: 'strict',
      expected: [{ transfer: 'Billing' }, { tool: 'lookup' }, { tool: 'refund' }],
      ignore: ['transfer', 'log'],
    });
    const run = caseRun({ trajectory: [call('log'), call('lookup'), hop('Billing', 'Coordinator'), call('refund'), call('log')] });
    expect(await scorer.score(run, ctx)).toEqual({
      score: 1,
      pass: true,
      reason: 'the run made the 2 steps expected, in order',
      details: { mode: 'strict', expected: 2, actual: 2, matchedInOrder: 2 },
    });
  });

  it('refuses bad options at construction with INVALID_ARGUMENT', () => {
    const bad: [unknown, string][] = [
      [{ mode: 'loose' }, 'trajectory(): mode must be one of strict, unordered, subset, superset, got "loose"'],
      [{ ignore: 'transfer' }, 'trajectory(): ignore must be an array of tool names or \'transfer\', got "transfer"'],
      [
        { expected: { tool: 'a' } },
        'trajectory(): expected must be an array of steps ({ tool, agent?, args? } or { transfer, from? }), got {"tool":"a"}',
      ],
      [{ expected: [{ tool: 'a' }, { name: 'b' }] }, 'trajectory(): expected[1] must have a tool or a transfer name, got {"name":"b"}'],
      [
        { expected: [{ tool: 'a', args: ['x'] }] },
        'trajectory(): expected[0] args must be an object of matchers by argument name, got ["x"]',
      ],
      [{ expected: [{ transfer: 'B', from: 1 }] }, 'trajectory(): expected[0] from must be a string, got 1'],
      [7, 'trajectory(): options must be an object ({ mode?, expected?, ignore? }), got 7'],
    ];
    for (const [options, message] of bad) {
      expect(() => trajectory(options as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message }) as EvalError);
    }
  });
});

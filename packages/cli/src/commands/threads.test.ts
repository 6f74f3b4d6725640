/**
 * What threads spent, where `weft threads` and `weft history` show it: a
 * usage column (tokens, the cost when a price was known, model calls) when
 * a listed thread counted any; `weft threads <id>` with used, budget and
 * remaining; history's usage table and column; a budget extended by a
 * resume; and the same figures in --json.
 */
import { realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test-support/run-main.ts';
import { FIXTURES, normalizeIds, projectModule, tempDir } from '../../test-support/spawn-weft.ts';

const TIME = 'YYYY-MM-DD hh:mm:ssZ';

/**
 * Ids and times change from run to run, and so does the running time (real
 * time): its figure becomes `N`, right-aligned in the same width, so the
 * columns stay as printed.
 */
const normalize = (text: string): string =>
  normalizeIds(text)
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/g, TIME)
    .replace(/^(running ms +)([\d,]+)/m, (_, label: string, ms: string) => `${label}${'N'.padStart(ms.length)}`);

interface Listed {
  threadId: string;
  graph: { hash: string };
  usage: Record<string, number> | null;
  budget: Record<string, unknown> | null;
  remaining: Record<string, number> | null;
}

describe('usage and budgets in weft threads and weft history', () => {
  const cwd = realpathSync(tempDir());
  const SPENDING = projectModule(cwd, join(FIXTURES, 'budget-graph.ts'));
  const LOOP = projectModule(cwd, join(FIXTURES, 'loop-graph.ts'));
  const weft = async (...argv: string[]) => {
    const result = await runMain(argv, cwd);
    return { ...result, stdout: normalize(result.stdout) };
  };
  const listed = async (): Promise<Map<string, Listed>> => {
    const { threads } = JSON.parse((await runMain(['threads', '--json'], cwd)).stdout) as { threads: Listed[] };
    return new Map(threads.map((t) => [t.threadId, t]));
  };
  const version = async (threadId: string) => (await listed()).get(threadId)!.graph.hash.slice(0, 8);

  beforeAll(async () => {
    // Oldest first: a thread that counted nothing, one without prices or a budget, one with both.
    const runs = [
      ['run', LOOP, '--input', '{"n":0,"to":1}', '--thread', 'plain'],
      ['run', SPENDING, '--export', 'unpriced', '--input', '"notes"', '--thread', 'free'],
      ['run', SPENDING, '--input', '"report"', '--thread', 'report'],
    ];
    for (const argv of runs) expect((await runMain(argv, cwd)).code).toBe(0);
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('weft threads: a usage column, the cost only where a price was known, "-" for a thread that counted nothing', async () => {
    const [report, free, plain] = [await version('report'), await version('free'), await version('plain')];
    expect(await weft('threads')).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread  status  seq  step  usage                                   version   updated               running by  module
report  done      3     2  1,500 tokens · $0.0053 · 2 model calls  ${report}  ${TIME}  -           budget-graph.ts
free    done      3     2  1,500 tokens · 2 model calls            ${free}  ${TIME}  -           budget-graph.ts
plain   done      3     2  -                                       ${plain}  ${TIME}  -           loop-graph.ts
`,
    });
  });

  it('without a thread that counted usage, the table has no usage column', async () => {
    const other = realpathSync(tempDir());
    try {
      const loop = projectModule(other, join(FIXTURES, 'loop-graph.ts'));
      expect((await runMain(['run', loop, '--input', '{"n":0,"to":1}', '--thread', 'plain'], other)).code).toBe(0);
      const { threads } = JSON.parse((await runMain(['threads', '--json'], other)).stdout) as { threads: Listed[] };
      const result = await runMain(['threads'], other);
      expect({ ...result, stdout: normalize(result.stdout) }).toEqual({
        code: 0,
        stderr: '',
        stdout: `thread  status  seq  step  version   updated               running by  module
plain   done      3     2  ${threads[0]!.graph.hash.slice(0, 8)}  ${TIME}  -           loop-graph.ts
`,
      });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('weft threads <id>: the thread, then what it used of each limit, the budget and what remains', async () => {
    expect(await weft('threads', '--', 'report')).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread report
status     done
seq        3
step       2
version    ${await version('report')}
updated    ${TIME}
running by -
module     budget-graph.ts (export graph)

usage           used   budget  remaining
tokens         1,500   10,000      8,500
cost (USD)   $0.0053  $0.0500    $0.0447
model calls        2        5          3
tool calls         1        -          -
running ms         N        -          -
when a limit would be crossed: error
`,
    });
  });

  it('weft threads <id> without a budget: what it used; without usage: says nothing was counted', async () => {
    expect((await weft('threads', 'free')).stdout.split('\n\n')[1]).toBe(`usage         used
tokens       1,500
cost (USD)       -
model calls      2
tool calls       1
running ms       N
budget: none
`);
    expect(await weft('threads', 'plain')).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread plain
status     done
seq        3
step       2
version    ${await version('plain')}
updated    ${TIME}
running by -
module     loop-graph.ts (export graph)

usage: nothing counted, no budget
`,
    });
  });

  it('weft threads <id> of a thread the store does not have: THREAD_NOT_FOUND, and how to list them', async () => {
    expect(await weft('threads', 'nope')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'weft: thread "nope" not found in sqlite .weft/weft.db\nhint: list the threads of this store: weft threads; or pass --store to use another\n',
    });
  });

  it('weft history: the latest usage against the budget, and what the thread had spent by each checkpoint', async () => {
    expect(await weft('history', '--', 'report')).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread report · 3 checkpoints · budget-graph.ts (export graph)
usage           used   budget  remaining
tokens         1,500   10,000      8,500
cost (USD)   $0.0053  $0.0500    $0.0447
model calls        2        5          3
tool calls         1        -          -
running ms         N        -          -
when a limit would be crossed: error

seq  step  status   source  parent  usage                                   next   interrupts  time                  id
  3     2  done     step         2  1,500 tokens · $0.0053 · 2 model calls  -      -           ${TIME}  <id>
  2     1  running  step         1  1,200 tokens · $0.0042 · 1 model call   check  -           ${TIME}  <id>
  1     0  running  input        -  0 tokens · $0.0000 · 0 model calls      draft  -           ${TIME}  <id>
`,
    });
    // A thread that counted nothing: history as before, no usage.
    expect((await weft('history', 'plain')).stdout.split('\n').slice(0, 2)).toEqual([
      'thread plain · 3 checkpoints · loop-graph.ts (export graph)',
      'seq  step  status   source  parent  next    interrupts  time                  id',
    ]);
  });

  it('--json: usage, budget and remaining on each thread (null when none), and on the checkpoints that carry them', async () => {
    const threads = await listed();
    const usage = (over: Record<string, number>) => ({
      inputTokens: 1_250,
      outputTokens: 250,
      tokens: 1_500,
      modelCalls: 2,
      toolCalls: 1,
      wallMs: expect.any(Number),
      ...over,
    });
    expect(
      ['report', 'free', 'plain'].map((id) => {
        const { usage, budget, remaining } = threads.get(id)!;
        return { id, usage, budget, remaining };
      }),
    ).toEqual([
      {
        id: 'report',
        usage: usage({ costUsd: 0.0053 }),
        budget: { tokens: 10_000, costUsd: 0.05, modelCalls: 5 },
        remaining: { tokens: 8_500, costUsd: 0.0447, modelCalls: 3 },
      },
      { id: 'free', usage: usage({ costUsd: 0 }), budget: null, remaining: null },
      { id: 'plain', usage: null, budget: null, remaining: null },
    ]);
    const detail = JSON.parse((await runMain(['threads', '--json', 'report'], cwd)).stdout) as { thread: Listed };
    expect(detail.thread).toEqual(threads.get('report'));
    const history = JSON.parse((await runMain(['history', '--json', 'report'], cwd)).stdout) as {
      checkpoints: { seq: number; usage?: { modelCalls: number }; budget?: unknown }[];
    };
    expect(history.checkpoints.map((c) => [c.seq, c.usage?.modelCalls, c.budget])).toEqual([
      [3, 2, { tokens: 10_000, costUsd: 0.05, modelCalls: 5 }],
      [2, 1, { tokens: 10_000, costUsd: 0.05, modelCalls: 5 }],
      [1, 0, { tokens: 10_000, costUsd: 0.05, modelCalls: 5 }],
    ]);
  });

  it("a budget that interrupts: remaining 0 while it waits; the resume's extension is the budget from then on, the count goes on", async () => {
    const run = await runMain(['run', SPENDING, '--export', 'tight', '--input', '"memo"', '--thread', 'memo'], cwd);
    expect(run.stdout).toContain('interrupted · thread memo · seq 3, step 1 · 1 pending interrupt');
    const table = (text: string) => text.split('\n\n')[1];
    expect(table((await weft('threads', 'memo')).stdout)).toBe(`usage           used  budget  remaining
tokens         1,200       -          -
cost (USD)   $0.0042       -          -
model calls        1       1          0
tool calls         0       -          -
running ms         N       -          -
when a limit would be crossed: interrupt (the run pauses until a person extends the budget)
`);
    const resumed = await runMain(['resume', '--value', '{"extend":{"modelCalls":1}}', '--', 'memo'], cwd);
    expect([resumed.code, resumed.stdout.trimEnd().split('\n').at(-1)]).toEqual([
      0,
      'done · thread memo · seq 5, step 2 · output memo drafted, checked',
    ]);
    expect(table((await weft('threads', 'memo')).stdout)).toBe(`usage           used  budget  remaining
tokens         1,500       -          -
cost (USD)   $0.0053       -          -
model calls        2       2          0
tool calls         1       -          -
running ms         N       -          -
when a limit would be crossed: interrupt (the run pauses until a person extends the budget)
`);
  });
});

/**
 * `weft replay` turns the run log of `weft run --record` (run + resume), or
 * a thread's checkpoints in the store, into an HTML page.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, projectModule, tempDir, weft } from '../../test-support/spawn-weft.ts';

describe('weft replay', () => {
  const cwd = tempDir();
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('renders a recorded run and its resume', async () => {
    const expense = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
    expect(
      (await weft(['run', expense, '--input', '{"who":"Ann","amount":500}', '--thread', 'r1', '--record', 'run.jsonl'], cwd)).code,
    ).toBe(0);
    expect((await weft(['resume', 'r1', '--value', '{"approved":true}', '--record', 'run.jsonl'], cwd)).code).toBe(0);

    const result = await weft(['replay', 'run.jsonl'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(`^wrote ${join(cwd, 'run.html')} \\(replay of expense from the run log: 2 run\\(s\\), \\d+ events\\)\\n$`),
    );
    expect(readFileSync(join(cwd, 'run.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('a missing run log is one error line', async () => {
    const result = await weft(['replay', 'nope.jsonl', '-o', 'nope.html'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `weft: run log "${join(cwd, 'nope.jsonl')}" does not exist\nhint: check the path; weft run --record <file.jsonl> writes a run log\n`,
    );
    expect(existsSync(join(cwd, 'nope.html'))).toBe(false);
  });
});

/** The data the page's script replays (the JSON block it reads). */
interface PageData {
  model: { name: string; nodes: { id: string }[] };
  replay: {
    runs: { run: number; status: string; resumedFrom?: string }[];
    steps: {
      run: number;
      step: number;
      completed: number;
      active: string[];
      checkpoints: { checkpointId: string; seq: number }[];
      interrupts: { id: string; info: unknown }[];
      errors: { error: { code: string; message: string } }[];
    }[];
  };
}

function pageData(html: string): PageData {
  const json = /<script type="application\/json" id="weft-viewer-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!) as PageData;
}

/**
 * Each step of the replay as the page shows it: its run and step run, its numbers (the checkpoint it wrote, as
 * weft history names it: `seq S, step N`, N the steps completed), nodes, checkpoints (by seq), interrupts and errors.
 */
const stepsOf = (data: PageData) =>
  data.replay.steps.map((s) => ({
    at: `run ${s.run} step ${s.step}: seq ${s.checkpoints.at(-1)?.seq}, step ${s.completed}`,
    active: s.active,
    checkpoints: s.checkpoints.map((c) => c.seq),
    interrupts: s.interrupts.map((i) => `${i.id} ${JSON.stringify(i.info)}`),
    errors: s.errors.map((e) => `${e.error.code}: ${e.error.message}`),
  }));

const runsOf = (data: PageData) => data.replay.runs.map((r) => ({ run: r.run, status: r.status, resumedFrom: r.resumedFrom }));

describe('weft replay <thread>: from the checkpoints in the store', () => {
  const cwd = tempDir();
  const expense = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
  const ids = async (threadId: string) => {
    const history = JSON.parse((await weft(['history', '--all', '--json', threadId], cwd)).stdout) as {
      checkpoints: { seq: number; id: string }[];
    };
    return new Map(history.checkpoints.map((c) => [c.seq, c.id]));
  };
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('writes <thread>.html with every run and step of the thread, as the recorded run log has them', async () => {
    // Recorded too, so the page from the checkpoints can be compared with the page from the events.
    expect(
      (await weft(['run', expense, '--input', '{"who":"Ann","amount":500}', '--thread', 't2', '--record', 't2.jsonl'], cwd)).code,
    ).toBe(0);
    expect((await weft(['resume', '--value', '{"approved":true}', '--record', 't2.jsonl', '--', 't2'], cwd)).code).toBe(0);

    const result = await weft(['replay', 't2'], cwd);
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: `wrote ${join(cwd, 't2.html')} (replay of expense from the checkpoints of thread t2 in sqlite .weft/weft.db: 6 checkpoints, 2 run(s))\n`,
    });
    const html = readFileSync(join(cwd, 't2.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    const data = pageData(html);
    expect(data.model.name).toBe('expense');
    expect(data.model.nodes.map((n) => n.id)).toEqual(['__start__', 'check', 'approve', 'pay', '__end__']);
    const seq = await ids('t2');
    expect(runsOf(data)).toEqual([
      { run: 1, status: 'interrupted', resumedFrom: undefined },
      { run: 2, status: 'done', resumedFrom: seq.get(3) },
    ]);
    const none = { interrupts: [], errors: [] };
    expect(stepsOf(data)).toEqual([
      { at: 'run 1 step 0: seq 1, step 0', active: [], checkpoints: [1], ...none },
      { at: 'run 1 step 1: seq 2, step 1', active: ['check'], checkpoints: [2], ...none },
      {
        at: 'run 1 step 2: seq 3, step 1',
        active: ['approve'],
        checkpoints: [3],
        interrupts: ['approve#0 {"question":"Approve 500 for Ann?"}'],
        errors: [],
      },
      { at: 'run 2 step 1: seq 4, step 1', active: [], checkpoints: [4], ...none },
      { at: 'run 2 step 2: seq 5, step 2', active: ['approve'], checkpoints: [5], ...none },
      { at: 'run 2 step 3: seq 6, step 3', active: ['pay'], checkpoints: [6], ...none },
    ]);
    // The same numbers as weft history's rows.
    const rows = JSON.parse((await weft(['history', '--all', '--json', 't2'], cwd)).stdout).checkpoints as { seq: number; step: number }[];
    expect(data.replay.steps.map((s) => `seq ${s.checkpoints.at(-1)?.seq}, step ${s.completed}`)).toEqual(
      rows.map((r) => `seq ${r.seq}, step ${r.step}`).reverse(),
    );
    expect(data.replay.steps.flatMap((s) => s.checkpoints.map((c) => c.checkpointId))).toEqual([1, 2, 3, 4, 5, 6].map((n) => seq.get(n)));

    // The recorded events give the same runs and steps.
    expect((await weft(['replay', 't2.jsonl', '-o', 'recorded.html'], cwd)).code).toBe(0);
    const recorded = pageData(readFileSync(join(cwd, 'recorded.html'), 'utf8'));
    expect(stepsOf(recorded)).toEqual(stepsOf(data));
    expect(runsOf(recorded)).toEqual(runsOf(data));
  });

  it('a failed run: the error on the step that failed; -o names the page', async () => {
    expect((await weft(['run', expense, '--input', '{"who":"Bo","amount":900}', '--thread', 't3'], cwd)).code).toBe(0);
    expect((await weft(['resume', '--value', '{"approved":false}', '--', 't3'], cwd)).code).toBe(1);
    const result = await weft(['replay', '-o', 'refused.html', '--', 't3'], cwd);
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: `wrote ${join(cwd, 'refused.html')} (replay of expense from the checkpoints of thread t3 in sqlite .weft/weft.db: 5 checkpoints, 2 run(s))\n`,
    });
    const data = pageData(readFileSync(join(cwd, 'refused.html'), 'utf8'));
    expect(runsOf(data).map((r) => r.status)).toEqual(['interrupted', 'error']);
    expect(stepsOf(data).slice(3)).toEqual([
      { at: 'run 2 step 1: seq 4, step 1', active: [], checkpoints: [4], interrupts: [], errors: [] },
      {
        at: 'run 2 step 2: seq 5, step 1',
        active: ['approve'],
        checkpoints: [5],
        interrupts: [],
        errors: ['NODE_FAILED: node "approve" failed after 1 attempt: the expense of Bo was refused'],
      },
    ]);
  });

  it('an unknown thread is one error line, and no page', async () => {
    expect(await weft(['replay', 'nope'], cwd)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'weft: thread "nope" not found in sqlite .weft/weft.db\nhint: list the threads of this store: weft threads; or pass --store to use another\n',
    });
    expect(existsSync(join(cwd, 'nope.html'))).toBe(false);
  });
});

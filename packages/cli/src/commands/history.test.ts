/**
 * `weft history` a page at a time: the newest 20 unless told, `--before
 * <seq>` for the next page, `--all`, `--json` with `more`; the parent column
 * that shows a fork; and the checkpoint a run or resume stopped at, named
 * with the same seq and step as history's row for it.
 */
import { realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test-support/run-main.ts';
import { FIXTURES, normalizeIds, projectModule, tempDir } from '../../test-support/spawn-weft.ts';

interface Row {
  seq: number;
  step: number;
  status: string;
  source: string;
  parentSeq: number | null;
  parentId: string | null;
  next: string[];
  interrupts: string[];
  id: string;
  createdAt: number;
}
interface HistoryJson {
  threadId: string;
  module: string;
  export: string;
  checkpoints: Row[];
  more: { before: number } | null;
}

/** Checkpoint ids and times change from run to run; the time keeps its width, so the columns stay aligned. */
const normalize = (text: string): string => normalizeIds(text).replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/g, 'YYYY-MM-DD hh:mm:ssZ');

const TIME = 'YYYY-MM-DD hh:mm:ssZ';

describe('weft history on a thread of 26 checkpoints', () => {
  const cwd = realpathSync(tempDir());
  const LOOP = projectModule(cwd, join(FIXTURES, 'loop-graph.ts'));
  const history = async (...args: string[]) => {
    const result = await runMain(['history', ...args], cwd);
    return { ...result, stdout: normalize(result.stdout) };
  };
  const json = async (...args: string[]): Promise<HistoryJson> => {
    const result = await runMain(['history', '--json', ...args], cwd);
    expect(result.stderr).toBe('');
    return JSON.parse(result.stdout) as HistoryJson;
  };

  beforeAll(async () => {
    // 24 turns of the loop, then finish: seq 1 (the input) to seq 26 (done).
    const run = await runMain(['run', LOOP, '--input', '{"n":0,"to":24}', '--thread', 'L'], cwd);
    expect(run.stderr).toBe('');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('done · thread L · seq 26, step 25 · output counted to 24: kept');
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('lists the newest 20, then the commands that list the older ones', async () => {
    const rows = Array.from({ length: 18 }, (_, i) => {
      const seq = 24 - i;
      return `${String(seq).padStart(3)}  ${String(seq - 1).padStart(4)}  running  step    ${String(seq - 1).padStart(6)}  count   -           ${TIME}  <id>`;
    });
    expect(await history('--', 'L')).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'thread L · checkpoints seq 26–7 · loop-graph.ts (export graph)',
        'seq  step  status   source  parent  next    interrupts  time                  id',
        ` 26    25  done     step        25  -       -           ${TIME}  <id>`,
        ` 25    24  running  step        24  finish  -           ${TIME}  <id>`,
        ...rows,
        'older checkpoints: weft history --before 7 -- L (or every one: weft history --all -- L)',
        '',
      ].join('\n'),
    });
    // The rows the generated lines stand for, read back as words.
    expect(rows[0]!.split(/\s+/).slice(1, 7)).toEqual(['24', '23', 'running', 'step', '23', 'count']);
    expect(rows.at(-1)!.split(/\s+/).slice(1, 7)).toEqual(['7', '6', 'running', 'step', '6', 'count']);
  });

  it('--before <seq> lists the next page; the last page names no older one', async () => {
    expect(await history('--before', '7', 'L')).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread L · checkpoints seq 6–1 · loop-graph.ts (export graph)
seq  step  status   source  parent  next   interrupts  time                  id
  6     5  running  step         5  count  -           ${TIME}  <id>
  5     4  running  step         4  count  -           ${TIME}  <id>
  4     3  running  step         3  count  -           ${TIME}  <id>
  3     2  running  step         2  count  -           ${TIME}  <id>
  2     1  running  step         1  count  -           ${TIME}  <id>
  1     0  running  input        -  count  -           ${TIME}  <id>
`,
    });
  });

  it('--limit sets the size of a page, also with --before, and the next page keeps it; the store is repeated when it was named', async () => {
    expect(await history('--before', '10', '--limit', '3', '--', 'L')).toEqual({
      code: 0,
      stderr: '',
      stdout: `thread L · checkpoints seq 9–7 · loop-graph.ts (export graph)
seq  step  status   source  parent  next   interrupts  time                  id
  9     8  running  step         8  count  -           ${TIME}  <id>
  8     7  running  step         7  count  -           ${TIME}  <id>
  7     6  running  step         6  count  -           ${TIME}  <id>
older checkpoints: weft history --before 7 --limit 3 -- L (or every one: weft history --all -- L)
`,
    });
    const named = await history('--limit', '1', '--store', 'sqlite:.weft/weft.db', 'L');
    expect(named.stdout.split('\n').slice(-2)).toEqual([
      'older checkpoints: weft history --before 26 --limit 1 --store sqlite:.weft/weft.db -- L (or every one: weft history --all --store sqlite:.weft/weft.db -- L)',
      '',
    ]);
  });

  it('--all lists every checkpoint, and says how many', async () => {
    const all = await history('--all', 'L');
    expect(all.code).toBe(0);
    const [title, header, ...rows] = all.stdout.trimEnd().split('\n');
    expect(title).toBe('thread L · 26 checkpoints · loop-graph.ts (export graph)');
    expect(header).toBe('seq  step  status   source  parent  next    interrupts  time                  id');
    expect(rows.map((r) => Number(r.trim().split(/\s+/)[0]))).toEqual(Array.from({ length: 26 }, (_, i) => 26 - i));
    expect(rows.at(-1)).toBe(`  1     0  running  input        -  count   -           ${TIME}  <id>`);
  });

  it('--json: the page, and more.before when older checkpoints were left out', async () => {
    const page = await json('L');
    expect(page).toMatchObject({ threadId: 'L', module: 'loop-graph.ts', export: 'graph', more: { before: 7 } });
    expect(page.checkpoints.map((c) => c.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 26 - i));
    expect(page.checkpoints[0]).toEqual({
      seq: 26,
      step: 25,
      status: 'done',
      source: 'step',
      parentSeq: 25,
      parentId: page.checkpoints[1]!.id,
      next: [],
      interrupts: [],
      id: expect.stringMatching(/^[0-9a-f]{24}[0-9a-z]+$/),
      createdAt: expect.any(Number),
    });

    const next = await json('--before', String(page.more!.before), 'L');
    expect(next.checkpoints.map((c) => c.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(next.more).toBeNull();
    expect(next.checkpoints.at(-1)).toMatchObject({ seq: 1, step: 0, source: 'input', parentSeq: null, parentId: null, next: ['count'] });

    const all = await json('--all', 'L');
    expect(all.checkpoints.map((c) => c.seq)).toEqual(Array.from({ length: 26 }, (_, i) => 26 - i));
    expect(all.more).toBeNull();
    // The pages together are the whole list.
    expect([...page.checkpoints, ...next.checkpoints]).toEqual(all.checkpoints);
    expect(await json('--limit', '2', 'L')).toMatchObject({ more: { before: 25 } });
  });

  it('refuses --limit with --all, and a --limit or --before that is not a positive integer', async () => {
    expect(await history('--all', '--limit', '5', 'L')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: history: give --limit or --all, not both\nhint: --all lists every checkpoint\n',
    });
    for (const [flag, value] of [
      ['--limit', '0'],
      ['--limit', 'ten'],
      ['--before', '-3'],
      ['--before', '2.5'],
    ] as const)
      expect(await history(`${flag}=${value}`, 'L')).toEqual({
        code: 2,
        stdout: '',
        stderr: `weft: history: ${flag} needs a positive integer\nhint: e.g. ${flag} 10\n`,
      });
  });

  it('the parent column shows a fork: resume --checkpoint continues an older checkpoint', async () => {
    const fifth = (await json('--all', 'L')).checkpoints.find((c) => c.seq === 5)!;
    const fork = await runMain(['resume', '--checkpoint', fifth.id, '--', 'L'], cwd);
    expect(fork.stderr).toBe('');
    expect(normalizeIds(fork.stdout).split('\n')[0]).toBe(
      'thread L · resuming checkpoint <id> (seq 5, step 4, running) · store sqlite .weft/weft.db',
    );
    // From n = 4 again: 20 more turns, then finish.
    expect(fork.stdout.trimEnd().split('\n').at(-1)).toBe('done · thread L · seq 48, step 25 · output counted to 24: kept');

    const all = (await json('--all', 'L')).checkpoints;
    expect(all.map((c) => c.seq)).toEqual(Array.from({ length: 48 }, (_, i) => 48 - i));
    // Every parent is the checkpoint before it, except the fork's first: its parent is seq 5.
    expect(all.filter((c) => c.parentSeq !== (c.seq === 1 ? null : c.seq - 1)).map((c) => [c.seq, c.source, c.parentSeq])).toEqual([
      [27, 'resume', 5],
    ]);
    expect(all.find((c) => c.seq === 27)).toMatchObject({ step: 4, parentId: fifth.id, next: ['count'] });

    // A page whose rows' parent is not on it still names the parent's seq.
    const page = await history('--before', '28', '--limit', '2', 'L');
    expect(page.stdout).toBe(`thread L · checkpoints seq 27–26 · loop-graph.ts (export graph)
seq  step  status   source  parent  next   interrupts  time                  id
 27     4  running  resume       5  count  -           ${TIME}  <id>
 26    25  done     step        25  -      -           ${TIME}  <id>
older checkpoints: weft history --before 26 --limit 2 -- L (or every one: weft history --all -- L)
`);
    expect((await json('--before', '28', '--limit', '1', 'L')).checkpoints).toMatchObject([{ seq: 27, parentSeq: 5 }]);
  });
});

/**
 * The line a run or resume ends with names the checkpoint it stopped at as
 * `seq N, step M`, and history's row of that checkpoint has the same seq and
 * step (the step lines of a run count the step being run: an interrupted
 * step 23 leaves a checkpoint at step 22).
 */
describe('run, resume and history name a checkpoint alike', () => {
  const cwd = realpathSync(tempDir());
  const LOOP = projectModule(cwd, join(FIXTURES, 'loop-graph.ts'));
  const AGENT = projectModule(cwd, join(FIXTURES, 'append-agent.ts'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  /** The seq and step an outcome line names, and history's row of that seq. */
  async function outcomeAndRow(stdout: string, threadId: string): Promise<{ outcome: RegExpExecArray; row: Row }> {
    const outcome = /^(done|interrupted) · thread (\S+) · seq (\d+), step (\d+)/m.exec(stdout);
    expect(outcome, stdout).not.toBeNull();
    const listed = JSON.parse((await runMain(['history', '--all', '--json', threadId], cwd)).stdout) as HistoryJson;
    const row = listed.checkpoints.find((c) => c.seq === Number(outcome![3]));
    expect(row).toBeDefined();
    // It is the thread's latest checkpoint.
    expect(listed.checkpoints[0]).toBe(row);
    return { outcome: outcome!, row: row! };
  }

  it('a graph interrupted after 22 turns of its loop, then resumed', async () => {
    const run = await runMain(['run', LOOP, '--input', '{"n":0,"to":22,"ask":true}', '--thread', 'A'], cwd);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(-9)).toEqual([
      'step 23: finish',
      '',
      'interrupted · thread A · seq 24, step 22 · 1 pending interrupt',
      '  finish#0',
      '    address  finish',
      '    info     {"question":"keep 22?"}',
      'resume with:',
      `  weft resume --value '<json>' --interrupt 'finish#0' -- A`,
      '',
    ]);
    const interrupted = await outcomeAndRow(run.stdout, 'A');
    expect(interrupted.row).toMatchObject({ seq: 24, step: 22, status: 'interrupted', interrupts: ['finish#0'], next: ['finish'] });
    const table = normalize((await runMain(['history', '--limit', '1', 'A'], cwd)).stdout).split('\n')[2];
    expect(table).toBe(` 24    22  interrupted  step        23  finish  finish#0    ${TIME}  <id>`);

    const resumed = await runMain(['resume', '--value', '"yes"', '--', 'A'], cwd);
    expect(resumed.stdout.trimEnd().split('\n').at(-1)).toBe('done · thread A · seq 26, step 23 · output counted to 22: yes');
    expect((await outcomeAndRow(resumed.stdout, 'A')).row).toMatchObject({ seq: 26, step: 23, status: 'done' });
  });

  it('an agent interrupted at its approval', async () => {
    const run = await runMain(['run', AGENT, '--query', 'note', '--thread', 'B'], cwd);
    expect(run.code).toBe(0);
    const { outcome, row } = await outcomeAndRow(run.stdout, 'B');
    expect(outcome[1]).toBe('interrupted');
    expect(row).toMatchObject({ step: Number(outcome[4]), status: 'interrupted' });
    expect(row.interrupts).toEqual([expect.stringMatching(/^agent:Appender\/tool:append:.*#0$/)]);
  });
});

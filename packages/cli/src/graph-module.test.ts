/** A plain graph module (test-fixtures/expense-graph.ts): run, interrupt, resume, record, and a refused approval. */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, normalizeIds, projectModule, tempDir, weft, weftShell } from '../test-support/spawn-weft.ts';

const INPUT = '{"who":"Ann","amount":500}';

describe('weft with a graph module', () => {
  const cwd = tempDir();
  const EXPENSE = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('runs until the approval interrupt, then the printed command (with a value) finishes it', async () => {
    const run = await weft(['run', EXPENSE, '--input', INPUT, '--thread', 'g1', '--record', 'run.jsonl'], cwd);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`thread g1 · graph expense · store sqlite .weft/weft.db
step 1: check
  check → {"who":"Ann","amount":500,"needsApproval":true}
step 2: approve

interrupted · thread g1 · seq 3, step 1 · 1 pending interrupt
  approve#0
    address  approve
    info     {"question":"Approve 500 for Ann?"}
resume with:
  weft resume --value '<json>' --interrupt 'approve#0' -- g1
`);
    // The graph cannot know what its interrupt wants: the person fills in the value.
    const printed = run.stdout.trimEnd().split('\n').at(-1)!.trim().replace(`'<json>'`, `'{"approved":true}'`);
    const resumed = await weftShell(printed.replace(' -- g1', ' --record run.jsonl -- g1'), cwd);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(normalizeIds(resumed.stdout))
      .toBe(`thread g1 · resuming checkpoint <id> (seq 3, step 1, interrupted) · store sqlite .weft/weft.db
step 2: approve
  approve → {"who":"Ann","amount":500,"needsApproval":true}
step 3: pay
  pay → paid 500 to Ann

done · thread g1 · seq 6, step 3 · output paid 500 to Ann
`);
  });

  it('--record writes a run log: a run.log header, then the events, for the run and again for the resume', () => {
    const lines = readFileSync(join(cwd, 'run.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; version?: number; graph?: { name: string }; status?: string });
    expect(lines[0]).toMatchObject({ type: 'run.log', version: 1, graph: { name: 'expense' } });
    const headers = lines.flatMap((l, i) => (l.type === 'run.log' ? [i] : []));
    expect(headers).toHaveLength(2);
    expect(lines[1]?.type).toBe('run.start');
    expect(lines[headers[1]! - 1]).toMatchObject({ type: 'run.end', status: 'interrupted' });
    expect(lines.at(-1)).toMatchObject({ type: 'run.end', status: 'done' });
  });

  it('--json prints one event per line, then the result with the resume command', async () => {
    const run = await weft(['run', EXPENSE, '--input', INPUT, '--thread', 'g2', '--json'], cwd);
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { event?: { type: string; node?: string }; result?: Record<string, unknown> });
    expect(lines.slice(0, -1).map((l) => [l.event?.type, l.event?.node].filter(Boolean).join(' '))).toEqual([
      'run.start',
      'checkpoint.write',
      'step.start',
      'node.start check',
      'node.end check',
      'checkpoint.write',
      'step.end',
      'step.start',
      'node.start approve',
      'checkpoint.write',
      'interrupt',
      'run.end',
    ]);
    expect(lines.at(-1)?.result).toMatchObject({
      status: 'interrupted',
      threadId: 'g2',
      interrupts: [{ id: 'approve#0', address: 'approve', info: { question: 'Approve 500 for Ann?' } }],
      resume: `weft resume --value '<json>' --interrupt 'approve#0' -- g2`,
    });
  });

  it('a refused approval fails the run: the events, then one error line and a hint, exit 1', async () => {
    const refused = await weft(['resume', 'g2', '--value', '{"approved":false}'], cwd);
    expect(refused.code).toBe(1);
    expect(normalizeIds(refused.stdout))
      .toBe(`thread g2 · resuming checkpoint <id> (seq 3, step 1, interrupted) · store sqlite .weft/weft.db
step 2: approve
  error in approve: NODE_FAILED: node "approve" failed after 1 attempt: the expense of Ann was refused
`);
    expect(refused.stderr).toBe(
      'weft: the run failed: NODE_FAILED: node "approve" failed after 1 attempt: the expense of Ann was refused\n' +
        'hint: fix the cause, then continue from the last checkpoint: weft resume -- g2\n',
    );
  });

  it('runs straight through when no approval is needed, with a generated thread id', async () => {
    const run = await weft(['run', EXPENSE, '--input', '{"who":"Bo","amount":5}'], cwd);
    expect(run.code).toBe(0);
    const thread = /^thread (t-[0-9a-f]{8}) /.exec(run.stdout)?.[1];
    expect(thread).toBeDefined();
    expect(run.stdout.split('\n').slice(1)).toEqual([
      'step 1: check',
      '  check → {"who":"Bo","amount":5,"needsApproval":false}',
      'step 2: approve',
      '  approve → {"who":"Bo","amount":5,"needsApproval":false}',
      'step 3: pay',
      '  pay → paid 5 to Bo',
      '',
      `done · thread ${thread} · seq 4, step 3 · output paid 5 to Bo`,
      '',
    ]);
  });
});

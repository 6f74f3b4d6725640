/**
 * The support system end to end, each command in its own process as a person
 * would run them: run until the refund approval, resume with the printed
 * command, then read the thread back with history and threads.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { normalizeIds, projectModule, SUPPORT_MODULE, tempDir, weft, weftShell, type WeftResult } from '../test-support/spawn-weft.ts';

const REFUND = 'agent:Coordinator/agent:Billing/tool:refund:billing_16_0#0';
const RESUME = `weft resume --value '{"approved":true}' --interrupt '${REFUND}' -- t1`;

const RUN_OUTPUT = `thread t1 · agent Coordinator · store sqlite .weft/weft.db
[Coordinator] Coordinator
  → transfer to Tech (The dashboard times out: a technical problem.)
[Coordinator › Tech] Tech
  → transfer to Database (Timeouts started after a migration: likely a query plan.)
[Coordinator › Tech › Database] Database
  call slow_queries({"since_hours":24})
  result slow_queries: [{"query":"SELECT * FROM events WHERE account_id = $1","p95Ms":8200,"note":"sequential scan: index events_account_id_idx missing since the migration"}]
  The dashboard query scans the events table: the migration dropped events_account_id_idx. Recreate it with CREATE INDEX CONCURRENTLY.
  → transfer to Tech (Diagnosis done.)
[Coordinator › Tech › Database › Tech] Tech
  → transfer to Coordinator (The technical part is diagnosed.)
[Coordinator › Tech › Database › Tech › Coordinator] Coordinator
  → transfer to Billing (The customer was charged twice.)
[Coordinator › Tech › Database › Tech › Coordinator › Billing] Billing
  call lookup_invoice({"invoice_id":"INV-1042"})
  result lookup_invoice: {"invoice_id":"INV-1042","amount":49,"charges":2,"month":"March"}
  call refund({"invoice_id":"INV-1042","amount":49,"reason":"charged twice in March"})

interrupted · thread t1 · seq 18, step 16 · 1 pending interrupt
  ${REFUND}
    address  agent:Coordinator/agent:Billing/tool:refund:billing_16_0
    info     {"tool":"refund","arguments":{"invoice_id":"INV-1042","amount":49,"reason":"charged twice in March"}}
    answer   {"approved":true} runs refund; {"approved":false,"reason":"…"} refuses it
resume with:
  ${RESUME}
`;

const RESUME_OUTPUT = `thread t1 · resuming checkpoint <id> (seq 18, step 16, interrupted) · store sqlite .weft/weft.db
[Coordinator › Tech › Database › Tech › Coordinator › Billing] Billing
  result refund: refunded $49.00 on INV-1042
  INV-1042 was charged twice; $49.00 is refunded.
  → transfer to Coordinator (The refund is done.)
[Coordinator › Tech › Database › Tech › Coordinator › Billing › Coordinator] Coordinator
  Done: the missing index is identified (Database), and the duplicate March charge of $49.00 was refunded (Billing).

done · thread t1 · seq 23, step 20
`;

interface HistoryJson {
  threadId: string;
  module: string;
  export: string;
  checkpoints: {
    seq: number;
    step: number;
    status: string;
    source: string;
    parentSeq: number | null;
    next: string[];
    interrupts: string[];
    id: string;
  }[];
}

describe('weft with the support system', () => {
  const cwd = tempDir();
  // The support system as a module of this folder's project (weft resume loads such modules by itself).
  const MODULE = projectModule(cwd, SUPPORT_MODULE);
  let run: WeftResult;

  beforeAll(async () => {
    run = await weft(['run', MODULE, '--query', exampleQuery, '--session', 'company=Acme', '--thread', 't1'], cwd);
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('runs until the refund needs approval, showing every transfer and the resume command', () => {
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(RUN_OUTPUT);
  });

  it('finishes when the printed resume command runs in a second process', async () => {
    const printed = run.stdout.split('\n').at(-2)!.trim();
    expect(printed).toBe(RESUME);
    const resumed = await weftShell(printed, cwd);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(normalizeIds(resumed.stdout)).toBe(RESUME_OUTPUT);
  });

  it('lists the checkpoints newest first, the same in the table and in JSON', async () => {
    const json = await weft(['history', 't1', '--all', '--json'], cwd);
    expect(json.code).toBe(0);
    const history = JSON.parse(json.stdout) as HistoryJson;
    expect(history).toMatchObject({ threadId: 't1', module: MODULE, export: 'agent', more: null });
    const { checkpoints } = history;
    // Every checkpoint of both processes, newest first, with no gap.
    expect(checkpoints.map((c) => c.seq)).toEqual(checkpoints.map((_, i) => checkpoints.length - i));
    expect(checkpoints[0]).toMatchObject({ status: 'done', next: [] });
    expect(checkpoints.at(-1)).toMatchObject({ seq: 1, step: 0, status: 'running', source: 'input', next: ['run:start'] });
    const interrupted = checkpoints.filter((c) => c.status === 'interrupted');
    expect(interrupted).toMatchObject([{ seq: 18, source: 'step', next: ['Billing:tools'], interrupts: [REFUND] }]);
    expect(checkpoints.filter((c) => c.source === 'resume')).toMatchObject([{ seq: 19 }]);
    expect(new Set(checkpoints.map((c) => c.status))).toEqual(new Set(['done', 'interrupted', 'running']));

    // Each checkpoint's parent is the one before it: no fork.
    expect(checkpoints.map((c) => c.parentSeq)).toEqual(checkpoints.map((c) => (c.seq === 1 ? null : c.seq - 1)));

    const table = await weft(['history', 't1', '--all'], cwd);
    expect(table.code).toBe(0);
    const [title, header, ...rows] = table.stdout.trimEnd().split('\n');
    expect(title).toBe(`thread t1 · ${checkpoints.length} checkpoints · ${MODULE} (export agent)`);
    expect(header?.split(/\s+/)).toEqual(['seq', 'step', 'status', 'source', 'parent', 'next', 'interrupts', 'time', 'id']);
    expect(rows.map((r) => r.trim().split(/\s+/).slice(0, 4))).toEqual(
      checkpoints.map((c) => [String(c.seq), String(c.step), c.status, c.source]),
    );
    expect(rows.map((r) => r.split(/\s+/).at(-1))).toEqual(checkpoints.map((c) => c.id));
  });

  it('lists t1 as a done thread', async () => {
    const json = await weft(['threads', '--json'], cwd);
    expect(json.code).toBe(0);
    const { threads } = JSON.parse(json.stdout) as { threads: Record<string, unknown>[] };
    expect(threads).toEqual([
      {
        threadId: 't1',
        status: 'done',
        seq: expect.any(Number),
        step: expect.any(Number),
        headId: expect.any(String),
        updatedAt: expect.any(Number),
        module: MODULE,
        export: 'agent',
        runningBy: null,
        error: null,
        failure: null,
        graph: expect.objectContaining({ name: expect.any(String), hash: expect.any(String) }),
        // No budget: nothing counted.
        usage: null,
        budget: null,
        remaining: null,
      },
    ]);
    const table = await weft(['threads'], cwd);
    expect(table.stdout.split('\n')[1]?.split(/\s+/).slice(0, 2)).toEqual(['t1', 'done']);
  });
});

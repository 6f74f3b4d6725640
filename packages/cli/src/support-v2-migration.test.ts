/**
 * Version 2 of the support system (Billing split into Invoices and Refunds,
 * a refund limit in the session) takes over the threads version 1 left
 * waiting for a refund approval: judged, migrated on resume or in a batch,
 * the old interrupt id still answering, the refund made once, the
 * conversation going on under version 2; undone by time travel; refused
 * with the reasons by a version 2 that has no migration. On a MemoryStore
 * and on SQLite, with threads version 1 writes here and with one it wrote
 * once and was frozen (docs/examples/support/v2/fixtures/refund-waiting.json,
 * written by save-refund-waiting.ts there).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Runner, textOf, type AgentRunResult, type AgentRunState, type RecordedEvent } from '@weft/agents';
import { importThread, MemoryStore, type CheckpointStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { SqliteStore } from '@weft/store-sqlite';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { DEFAULT_REFUND_LIMIT } from '../../../docs/examples/support/v2/split-billing-history.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { SUPPORT_V1_HASH } from '../../../docs/examples/support/v2/support-migration.ts';
import { supportAgentV2 } from '../../../docs/examples/support/v2/support-v2-agents.ts';
import { scriptedSupportModelsV2 } from '../../../docs/examples/support/v2/support-v2-models.ts';
import { supportV1Options, supportV2Options } from '../../../docs/examples/support/v2/support-versions.ts';

const REQUEST = 'Invoice INV-1042 was charged twice in March. Please refund it.';
const SESSION = { company: 'Acme' };
const OLD_ID = 'agent:Coordinator/agent:Billing/tool:refund:billing_6_0#0';
const NEW_ID = 'agent:Coordinator/agent:Invoices/agent:Refunds/tool:refund:billing_6_0#0';
const MIGRATION = 'split Billing into Invoices and Refunds';
const V1_DONE = 'Done: the duplicate March charge of $49.00 was refunded (Billing).';
const V2_DONE = 'Done: the duplicate March charge of $49.00 was refunded (Refunds).';
const APPROVE = { approved: true };
/** Why version 2 cannot continue the waiting thread as it is. */
const REASONS = [
  'the next task runs node "Billing:tools", which this version does not have',
  'the pending interrupt at address "agent:Coordinator/agent:Billing/tool:refund:billing_6_0" belongs to no task of this version (its node was renamed, removed or given another address), so its answer would reach nobody',
];

const FIXTURE = new URL('../../../docs/examples/support/v2/fixtures/refund-waiting.json', import.meta.url);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A store the test closes when it has one to close (SQLite). */
type TestStore = CheckpointStore & { close?: () => Promise<void> };

const STORES: [string, () => TestStore][] = [
  ['MemoryStore', () => new MemoryStore()],
  [
    'SqliteStore',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'weft-support-v2-'));
      dirs.push(dir);
      return new SqliteStore({ path: join(dir, 'weft.db') });
    },
  ],
];

/** The main lane's events of a state, in order. */
const eventsOf = (state: AgentRunState): RecordedEvent[] => state.lanes['main']!.events.flat();

/** How many times the refund tool ran in a thread: its results in the history. */
const refundsMade = (state: AgentRunState): number =>
  eventsOf(state).filter((e) => e.message.role === 'tool' && e.message.name === 'refund').length;

/** Who did what, as one line per event: author, run path, and the message's tool calls, result or text. */
function transcript(state: AgentRunState): string[] {
  return eventsOf(state).map(({ agentName, runPath, message }) => {
    const what =
      message.role === 'assistant' && message.toolCalls?.length
        ? message.toolCalls.map((c) => `${c.name}(${c.arguments})`).join(' ')
        : textOf(message);
    return `${agentName || 'user'} [${runPath.join(' › ')}] ${message.role}: ${what}`;
  });
}

function finalText(result: AgentRunResult): string {
  expect(result.error).toBeUndefined();
  expect(result.status).toBe('done');
  return textOf(result.finalMessage!);
}

async function waitingThread(v1: Runner, threadId: string): Promise<AgentRunResult> {
  const paused = await v1.query(REQUEST, { threadId, sessionValues: SESSION });
  expect(paused.status).toBe('interrupted');
  expect(paused.interrupts.map((i) => i.id)).toEqual([OLD_ID]);
  return paused;
}

describe('support v2 on its own', () => {
  it('answers the demo’s request: Tech, then Invoices hands the refund to Refunds, whose call a person approves', async () => {
    const v2 = new Runner(supportV2Options(new MemoryStore()));
    const paused = await v2.query(exampleQuery, { threadId: 'd1', sessionValues: { ...SESSION, refundLimit: 100 } });
    expect(paused.interrupts.map((i) => [i.id, i.info])).toEqual([
      [
        'agent:Coordinator/agent:Invoices/agent:Refunds/tool:refund:refunds_18_0#0',
        { tool: 'refund', arguments: { invoice_id: 'INV-1042', amount: 49, reason: 'charged twice in March' } },
      ],
    ]);
    const done = await v2.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: APPROVE } });
    expect(finalText(done)).toBe(
      'Done: the missing index is identified (Database), and the duplicate March charge of $49.00 was refunded (Refunds).',
    );
  });

  it('refuses a refund over the session’s refundLimit, even approved, and says why', async () => {
    const v2 = new Runner(supportV2Options(new MemoryStore()));
    const paused = await v2.query(REQUEST, { threadId: 'd2', sessionValues: { ...SESSION, refundLimit: '10' } });
    const done = await v2.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: APPROVE } });
    expect(finalText(done)).toBe('No refund was made on INV-1042, as $49.00 is over the refund limit of $10.00 (Refunds).');
    expect(done.sessionValues).toEqual({ ...SESSION, refundLimit: '10' });
  });
});

describe.each(STORES)('support v1 → v2 on %s', (_name, makeStore) => {
  it('a thread waiting for the refund approval is migrated on resume: the old id approves Refunds’ call, the refund is made once', async () => {
    const store = makeStore();
    const v1 = new Runner(supportV1Options(store));
    const v2 = new Runner(supportV2Options(store));
    const paused = await waitingThread(v1, 't1');
    const oldHead = await v1.graph.getState('t1');

    const check = await v2.graph.checkThread('t1');
    expect(check).toEqual({
      threadId: 't1',
      checkpointId: oldHead.id,
      status: 'needs-migration',
      from: { hash: v1.graph.hash, version: 'support-v1' },
      to: { hash: v2.graph.hash, version: 'support-v2' },
      reasons: REASONS,
      migrations: [MIGRATION],
    });

    const done = await v2.resume(paused.checkpointId!, { resume: { [OLD_ID]: APPROVE } });
    expect(finalText(done)).toBe(V2_DONE);
    expect(done.sessionValues).toEqual({ ...SESSION, refundLimit: DEFAULT_REFUND_LIMIT, refunded: { invoice_id: 'INV-1042', amount: 49 } });
    expect(done.events.filter((e) => e.type === 'tool-result' && e.output.toolName === 'refund').map((e) => e.agentName)).toEqual([
      'Refunds',
    ]);

    // The old head, then the migration's checkpoint on it (version 2's, still waiting at the approval), then the run.
    const views = [];
    for await (const view of v2.graph.history('t1')) views.push(view);
    const migrated = views.find((v) => v.source === 'migrate')!;
    expect(migrated.parentId).toBe(oldHead.id);
    expect(migrated.status).toBe('interrupted');
    expect(migrated.frontier.map((t) => [t.node, t.key])).toEqual([['Refunds:tools', 'tool:refund:billing_6_0']]);
    expect(migrated.interrupts.map((i) => [i.id, i.path])).toEqual([[NEW_ID, ['Refunds:tools']]]);
    expect(migrated.state.agents).toEqual({
      Coordinator: { count: 1, iterations: 1 },
      Invoices: { count: 1, iterations: 2 },
      Refunds: { count: 1, iterations: 1 },
    });
    expect(migrated.state.lanes['main']!.runPath).toEqual(['Coordinator', 'Invoices', 'Refunds']);
    expect(refundsMade(migrated.state)).toBe(0);

    const final = await v2.graph.getState('t1');
    expect(refundsMade(final.state)).toBe(1);
    expect(transcript(final.state)).toEqual([
      `user [] user: ${REQUEST}`,
      'Coordinator [Coordinator] assistant: transfer_to_agent({"agent_name":"Invoices","reason":"The customer was charged twice."})',
      'Coordinator [Coordinator] tool: successfully transferred to agent [Invoices]',
      'Invoices [Coordinator › Invoices] assistant: lookup_invoice({"invoice_id":"INV-1042"})',
      'Invoices [Coordinator › Invoices] tool: {"invoice_id":"INV-1042","amount":49,"charges":2,"month":"March"}',
      'Invoices [Coordinator › Invoices] assistant: transfer_to_agent({"agent_name":"Refunds","reason":"A duplicate charge to refund."})',
      'Invoices [Coordinator › Invoices] tool: successfully transferred to agent [Refunds]',
      'Refunds [Coordinator › Invoices › Refunds] assistant: refund({"invoice_id":"INV-1042","amount":49,"reason":"charged twice in March"})',
      'Refunds [Coordinator › Invoices › Refunds] tool: refunded $49.00 on INV-1042',
      'Refunds [Coordinator › Invoices › Refunds] assistant: transfer_to_agent({"agent_name":"Invoices","reason":"The refund is done."})',
      'Refunds [Coordinator › Invoices › Refunds] tool: successfully transferred to agent [Invoices]',
      'Invoices [Coordinator › Invoices › Refunds › Invoices] assistant: transfer_to_agent({"agent_name":"Coordinator","reason":"The billing part is done."})',
      'Invoices [Coordinator › Invoices › Refunds › Invoices] tool: successfully transferred to agent [Coordinator]',
      `Coordinator [Coordinator › Invoices › Refunds › Invoices › Coordinator] assistant: ${V2_DONE}`,
    ]);
    expect((await v2.graph.checkThread('t1')).status).toBe('current');

    // The conversation goes on under version 2.
    const next = await v2.query('Was INV-1043 charged twice as well?', { threadId: 't1' });
    expect(finalText(next)).toBe('INV-1043 was charged only once, in April, so there is nothing to refund (Invoices).');
    expect(refundsMade((await v2.graph.getState('t1')).state)).toBe(1);

    // Undone by time travel: version 1 continues its own head, as a new branch.
    const undone = await v1.resume(paused.checkpointId!, { fork: true, resume: { [OLD_ID]: APPROVE } });
    expect(finalText(undone)).toBe(V1_DONE);
    const branch = await v1.graph.getState('t1');
    expect(transcript(branch.state).slice(-4)).toEqual([
      'Billing [Coordinator › Billing] tool: refunded $49.00 on INV-1042',
      'Billing [Coordinator › Billing] assistant: transfer_to_agent({"agent_name":"Coordinator","reason":"The refund is done."})',
      'Billing [Coordinator › Billing] tool: successfully transferred to agent [Coordinator]',
      `Coordinator [Coordinator › Billing › Coordinator] assistant: ${V1_DONE}`,
    ]);
    expect(refundsMade(branch.state)).toBe(1);
    expect((await v2.graph.checkThread('t1')).status).toBe('needs-migration');
    await store.close?.();
  });

  it('a thread version 1 wrote without a label (as support.ts runs it) is known by its structure and migrated the same way', async () => {
    const store = makeStore();
    const unlabelled = new Runner({ agent: supportAgent(scriptedSupportModels()), store });
    const v2 = new Runner(supportV2Options(store));
    expect(unlabelled.graph.hash).toBe(SUPPORT_V1_HASH);
    const paused = await waitingThread(unlabelled, 't4');
    expect(await v2.graph.checkThread('t4')).toMatchObject({
      status: 'needs-migration',
      from: { hash: SUPPORT_V1_HASH },
      reasons: REASONS,
      migrations: [`${MIGRATION} (version 1 without its label)`],
    });
    expect((await v2.graph.checkThread('t4')).from).toEqual({ hash: SUPPORT_V1_HASH });
    const done = await v2.resume(paused.checkpointId!, { resume: { [OLD_ID]: APPROVE } });
    expect(finalText(done)).toBe(V2_DONE);
    expect(refundsMade((await v2.graph.getState('t4')).state)).toBe(1);
    await store.close?.();
  });

  it('without the migration, version 2 refuses the waiting thread with the reasons and leaves it as it was', async () => {
    const store = makeStore();
    const v1 = new Runner(supportV1Options(store));
    const bare = new Runner({ agent: supportAgentV2(scriptedSupportModelsV2()), store, versions: { version: 'support-v2' } });
    const paused = await waitingThread(v1, 't2');
    const head = await store.get('t2');

    const check = await bare.graph.checkThread('t2');
    expect(check).toMatchObject({ status: 'blocked', reasons: REASONS, migrations: [] });
    await expect(bare.resume(paused.checkpointId!, { resume: { [OLD_ID]: APPROVE } })).rejects.toMatchObject({
      code: 'CHECKPOINT_GRAPH_MISMATCH',
      message: expect.stringContaining(`- ${REASONS[0]}\n- ${REASONS[1]}\nno registered migration starts at its version`),
      details: { status: 'blocked', reasons: REASONS, migrations: [] },
    });
    expect((await store.get('t2'))?.id).toBe(head?.id);

    // Version 1 still continues it.
    expect(finalText(await v1.resume(paused.checkpointId!, { resume: { [OLD_ID]: APPROVE } }))).toBe(V1_DONE);
    await store.close?.();
  });

  it('migrateThread in a batch: a dry run writes nothing, then each thread gets its migration checkpoint and resumes on version 2', async () => {
    const store = makeStore();
    const v1 = new Runner(supportV1Options(store));
    const v2 = new Runner(supportV2Options(store));
    const waiting = ['b1', 'b2', 'b3'];
    const paused = new Map<string, AgentRunResult>();
    for (const threadId of waiting) paused.set(threadId, await waitingThread(v1, threadId));
    expect(finalText(await v1.query('Was INV-1043 charged twice?', { threadId: 'b4', sessionValues: SESSION }))).toBe(
      'INV-1043 was charged only once, in April, so there is nothing to refund (Billing).',
    );
    const threads = [...waiting, 'b4'];
    const heads = new Map<string, string | undefined>();
    for (const threadId of threads) heads.set(threadId, (await store.get(threadId))?.id);

    for (const threadId of threads) {
      const dry = await v2.graph.migrateThread(threadId, { dryRun: true });
      expect(dry).toMatchObject({ outcome: 'would-migrate', check: { status: 'needs-migration', migrations: [MIGRATION] } });
      expect((await store.get(threadId))?.id).toBe(heads.get(threadId));
    }
    for (const threadId of threads) {
      const result = await v2.graph.migrateThread(threadId);
      expect(result.outcome).toBe('migrated');
      const head = await v2.graph.getState(threadId);
      expect(result.outcome === 'migrated' && result.checkpointId).toBe(head.id);
      expect([head.source, head.parentId]).toEqual(['migrate', heads.get(threadId)]);
      expect((await v2.graph.migrateThread(threadId)).outcome).toBe('unchanged');
    }
    // The migrated head waits at Refunds' call under its version 2 id; an approval from before the deploy (the old
    // handle and the old id) reaches it: the handle means the migration on top of it, the id its renamed interrupt.
    const b1 = await v2.resume(paused.get('b1')!.checkpointId!, { resume: { [OLD_ID]: APPROVE } });
    expect(finalText(b1)).toBe(V2_DONE);
    expect(refundsMade((await v2.graph.getState('b1')).state)).toBe(1);
    for (const threadId of waiting.filter((t) => t !== 'b1')) {
      const head = await v2.graph.getState(threadId);
      expect(head.interrupts.map((i) => i.id)).toEqual([NEW_ID]);
      const done = await v2.resume(`${threadId}::${head.id}`, { resume: { [NEW_ID]: APPROVE } });
      expect(finalText(done)).toBe(V2_DONE);
      expect(refundsMade((await v2.graph.getState(threadId)).state)).toBe(1);
    }
    // The finished thread's Billing is Invoices now, and it takes a new request under version 2.
    const b4 = await v2.graph.getState('b4');
    expect(eventsOf(b4.state).some((e) => e.agentName === 'Billing' || e.runPath.includes('Billing'))).toBe(false);
    expect(b4.state.agents['Refunds']).toBeUndefined();
    expect(finalText(await v2.query('Thanks!', { threadId: 'b4' }))).toBe('You are welcome! Is there anything else I can help with?');
    await store.close?.();
  });

  it('the frozen version 1 thread (a fixture) is judged, migrated and finished by version 2', async () => {
    const store = makeStore();
    const v2 = new Runner(supportV2Options(store));
    const imported = await importThread(store, JSON.parse(readFileSync(FIXTURE, 'utf8')));
    expect(imported).toMatchObject({ threadId: 'refund-waiting', checkpoints: 8, blobs: 0 });
    const check = await v2.graph.checkThread('refund-waiting');
    expect(check).toMatchObject({
      checkpointId: imported.headId,
      status: 'needs-migration',
      from: { version: 'support-v1' },
      to: { hash: v2.graph.hash, version: 'support-v2' },
      reasons: REASONS,
      migrations: [MIGRATION],
    });
    const done = await v2.resume(`refund-waiting::${imported.headId}`, { resume: { [OLD_ID]: APPROVE } });
    expect(finalText(done)).toBe(V2_DONE);
    const final = await v2.graph.getState('refund-waiting');
    expect(refundsMade(final.state)).toBe(1);
    expect(final.state.session).toEqual({
      ...SESSION,
      refundLimit: DEFAULT_REFUND_LIMIT,
      refunded: { invoice_id: 'INV-1042', amount: 49 },
    });
    await store.close?.();
  });

  it('every checkpoint version 1 wrote on the way to the approval continues on version 2 as a fork: one refund, version 2’s answer', async () => {
    const store = makeStore();
    const v1 = new Runner(supportV1Options(store));
    const v2 = new Runner(supportV2Options(store));
    await waitingThread(v1, 't3');
    const views = [];
    for await (const view of v1.graph.history('t3')) views.push(view);
    const outcomes = [];
    for (const view of views.reverse()) {
      const answers = Object.fromEntries(view.interrupts.map((i) => [i.id, APPROVE]));
      let result = await v2.resume(`t3::${view.id}`, { fork: true, resume: answers });
      const asked = result.interrupts.map((i) => i.address);
      if (result.status === 'interrupted')
        result = await v2.resume(result.checkpointId!, { resume: { [result.interrupts[0].id]: APPROVE } });
      const refunds = refundsMade((await v2.graph.getState('t3')).state);
      outcomes.push([view.seq, view.frontier.map((t) => t.node).join(' '), asked.length, finalText(result), refunds]);
    }
    // Stopped before Billing's refund call, version 2 makes the call (and asks for its approval) itself.
    expect(outcomes).toEqual([
      [1, 'run:start', 1, V2_DONE, 1],
      [2, 'Coordinator', 1, V2_DONE, 1],
      [3, 'Coordinator:tools', 1, V2_DONE, 1],
      [4, 'Billing', 1, V2_DONE, 1],
      [5, 'Billing:tools', 1, V2_DONE, 1],
      [6, 'Billing', 1, V2_DONE, 1],
      [7, 'Billing:tools', 1, V2_DONE, 1],
      [8, 'Billing:tools', 0, V2_DONE, 1],
    ]);
    await store.close?.();
  });

  it('a Billing turn that called refund beside another tool cannot be split: MIGRATION_FAILED, the thread left as it was', async () => {
    const store = makeStore();
    const scripted = scriptedSupportModels();
    const both = scriptedModel(
      [
        {
          toolCalls: [
            { id: 'b_1', name: 'lookup_invoice', arguments: { invoice_id: 'INV-1042' } },
            { id: 'b_2', name: 'refund', arguments: { invoice_id: 'INV-1042', amount: 49, reason: 'charged twice in March' } },
          ],
        },
      ],
      { name: 'scripted:Billing' },
    );
    const v1 = new Runner(supportV1Options(store, (name) => (name === 'Billing' ? both : scripted(name))));
    const v2 = new Runner(supportV2Options(store));
    const paused = await v1.query(REQUEST, { threadId: 't5', sessionValues: SESSION });
    expect(paused.interrupts.map((i) => i.id)).toEqual(['agent:Coordinator/agent:Billing/tool:refund:b_2#0']);
    const head = (await store.get('t5'))?.id;
    const failed = {
      code: 'MIGRATION_FAILED',
      message: `migration "${MIGRATION}" failed in its state recipe: Billing's turn calls refund beside lookup_invoice: in version 2 those run in Invoices and refund in Refunds, so the turn cannot be split`,
      details: { migration: MIGRATION, where: 'its state recipe' },
    };
    await expect(v2.graph.migrateThread('t5', { dryRun: true })).rejects.toMatchObject(failed);
    await expect(v2.graph.migrateThread('t5')).rejects.toMatchObject(failed);
    await expect(v2.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: APPROVE } })).rejects.toMatchObject(failed);
    expect((await store.get('t5'))?.id).toBe(head);
    expect((await v2.graph.checkThread('t5')).status).toBe('needs-migration');
    await store.close?.();
  });
});

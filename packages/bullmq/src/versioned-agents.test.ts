import { chatModelAgent, Runner, tool } from '@weft/agents';
import { Queue } from 'bullmq';
import { decodeCheckpoint, END, graph, migration, START, type CheckpointStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { versionQueueName, type VersionedAgent, type WeftTargets } from './index.ts';
import { queueFixture } from '../test-support/queue-fixture.ts';
import { redisConnection } from '../test-support/redis-env.ts';

/**
 * Billing at one version: it asks to refund 40 (a tool that needs approval),
 * then says which version finished the turn. Both versions have the same
 * structure (only the model's words differ): a thread tells them apart by
 * the label alone.
 */
function billing(label: string, log: string[]) {
  const refund = tool({
    name: 'refund',
    description: 'Refunds an amount.',
    parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } as const,
    needsApproval: true,
    execute: ({ amount }) => (log.push(`${label}:refund:${amount}`), `refunded ${amount}`),
  });
  const model = scriptedModel(
    [
      (messages) =>
        messages.some((m) => m.role === 'tool')
          ? { text: `${label}: ${messages.findLast((m) => m.role === 'tool')!.content}` }
          : { toolCalls: [{ id: 'r1', name: 'refund', arguments: { amount: 40 } }] },
    ],
    { repeatLast: true },
  );
  return chatModelAgent({ name: 'Billing', description: 'Handles refunds.', model, tools: [refund] });
}

const v1 = (log: string[]): VersionedAgent => ({ agent: billing('v1', log), versions: { version: 'v1' } });
const v2 = (log: string[]): VersionedAgent => ({
  agent: billing('v2', log),
  versions: { version: 'v2', migrations: [migration({ from: 'v1', to: 'v2' })], onGraphMismatch: 'pin' },
});

/** The labels a thread's checkpoints carry, in write order. */
async function labels(store: CheckpointStore, threadId: string): Promise<(string | undefined)[]> {
  const records = (await store.list(threadId)).map((e) => decodeCheckpoint(e.bytes, `${threadId}/${e.id}`));
  return records.sort((a, b) => a.seq - b.seq).map((r) => r.version);
}

/** Both versions' structure hash: the same, as only the model's words differ. */
const HASH = new Runner({ agent: billing('probe', []) }).graph.hash;

const APPROVE = { 'agent:Billing/tool:refund:r1#0': { approved: true } };

describe('agent targets at a graph version ({ agent, versions })', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => void (fx = queueFixture('vagent')));
  afterEach(() => fx.dispose());

  /** A thread v1 left waiting for the refund's approval, by a worker that then stops: the deploy of v2. */
  async function pausedOnV1(log: string[]) {
    const store = fx.store();
    const before = fx.worker({ store, targets: { billing: v1(log) }, sweepIntervalMs: 0 });
    const queue = fx.queue<{ billing: [VersionedAgent, VersionedAgent] }>({ store });
    const paused = await (await queue.run('billing', 'refund order 7', { threadId: 'old' })).result();
    expect(paused.status).toBe('interrupted');
    await before.close();
    expect(new Set(await labels(store, 'old'))).toEqual(new Set(['v1']));
    return { store, queue };
  }

  it('a worker serving both runs each thread on the version that wrote it (same structure, another label)', async () => {
    const log: string[] = [];
    const { store, queue } = await pausedOnV1(log);
    const both = [v1(log), v2(log)];
    for (const label of ['v1', 'v2']) fx.track(versionQueueName(fx.name, 'billing', HASH, label));
    fx.worker({ store, targets: { billing: both }, sweepIntervalMs: 0 });

    const fresh = await (await queue.run('billing', 'refund order 8', { threadId: 'new' })).result();
    expect(fresh.status).toBe('interrupted');
    const done = await (await queue.resume('billing', { threadId: 'old', resume: APPROVE })).result();
    expect(done.status === 'done' && done.finalMessage.content).toBe('v1: refunded 40');
    expect(log).toEqual(['v1:refund:40']);
    expect(new Set(await labels(store, 'old'))).toEqual(new Set(['v1']));
    expect(new Set(await labels(store, 'new'))).toEqual(new Set(['v2']));
    const counts = (await queue.versions()).map((v) => [v.graph, v.version, v.threads, v.done]);
    expect(counts).toEqual([
      ['agents:Billing', 'v1', 0, 1],
      ['agents:Billing', 'v2', 1, 0],
    ]);
  });

  it("pin: v2's worker hands v1's thread to v1's queue, where a worker kept on v1 finishes it", async () => {
    const log: string[] = [];
    const { store, queue } = await pausedOnV1(log);
    const v1Queue = fx.track(versionQueueName(fx.name, 'billing', HASH, 'v1'));
    fx.track(versionQueueName(fx.name, 'billing', HASH, 'v2'));
    fx.worker({ store, targets: { billing: v2(log) }, sweepIntervalMs: 0, workerOptions: { name: 'w2' } });
    const resumed = await queue.resume('billing', { threadId: 'old', resume: APPROVE });
    fx.worker({ store, targets: { billing: v1(log) }, pinnedOnly: true, sweepIntervalMs: 0, workerOptions: { name: 'w1' } });
    const done = await resumed.result();
    expect(done.status === 'done' && done.finalMessage.content).toBe('v1: refunded 40');
    expect(log).toEqual(['v1:refund:40']);
    expect(new Set(await labels(store, 'old'))).toEqual(new Set(['v1']));
    // The job went through v1's version queue (the label tells the versions apart), where w1 ran it.
    const bull = new Queue(v1Queue, { connection: redisConnection() });
    const pinned = await bull.getJob(`${resumed.id}.${HASH}`);
    expect([await pinned?.getState(), pinned?.processedBy, pinned?.data.forJob]).toEqual(['completed', 'w1', resumed.id]);
    await bull.close();
  });

  it('an entry that is not an agent at a version is refused (INVALID_ARGUMENT) before anything runs', () => {
    const store = fx.store();
    const refused = (targets: WeftTargets) => {
      try {
        fx.worker({ store, targets, autorun: false, sweepIntervalMs: 0 });
      } catch (err) {
        return { code: (err as { code?: string }).code, message: (err as Error).message };
      }
      return undefined;
    };
    const agent = billing('v1', []);
    expect(refused({ billing: { agent, versions: 'v1' } as never })).toEqual({
      code: 'INVALID_ARGUMENT',
      message:
        'new WeftWorker(): target "billing": versions must be an object: { version, migrations, onGraphMismatch, patches }, as new Runner({ versions }) takes',
    });
    expect(refused({ billing: { agent, versions: { version: 'v1', store } } as never })).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'new WeftWorker(): target "billing": versions takes version, migrations, onGraphMismatch, patches; it has "store"',
    });
    expect(refused({ billing: { agent, versions: {}, store } as never })).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'new WeftWorker(): target "billing": { agent, versions } has no "store"',
    });
    expect(refused({ billing: { agent: {}, versions: {} } as never })).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'new WeftWorker(): target "billing": { agent, versions } needs an agent (chatModelAgent(), sequential(), …) in agent',
    });
    const echo = graph<string, string>({ name: 'echo' })
      .addNode('say', (s: string) => s)
      .addEdge(START, 'say')
      .addEdge('say', END)
      .compile();
    expect(refused({ billing: { agent: echo, versions: { version: 'v1' } } as never })).toEqual({
      code: 'INVALID_ARGUMENT',
      message:
        'new WeftWorker(): target "billing": { agent, versions } is for an agent; a compiled graph carries its own versions: compile({ version, migrations, onGraphMismatch, patches })',
    });
    // Two versions a thread cannot tell apart: the same structure and the same label.
    expect(
      refused({
        billing: [
          { agent, versions: { version: 'v1' } },
          { agent: billing('v1b', []), versions: { version: 'v1' } },
        ],
      }),
    ).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('lists version v1 twice'),
    });
  });
});

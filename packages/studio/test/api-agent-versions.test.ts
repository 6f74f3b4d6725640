import { chatModelAgent, Runner, tool } from '@weft/agents';
import { decodeCheckpoint, MemoryStore, migration, type CheckpointStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createStudio, serveStudio, type ServedStudio } from '../src/index.ts';
import { refunds } from './support/refund-versions.ts';

let served: ServedStudio | undefined;
afterEach(() => served?.close());

/** Billing asks to refund 40 (a tool that needs approval), then says what the tool answered. */
function billing() {
  const refund = tool({
    name: 'refund',
    description: 'Refunds an amount.',
    parameters: z.object({ amount: z.number() }),
    needsApproval: true,
    execute: ({ amount }) => `refunded ${amount}`,
  });
  const model = scriptedModel(
    [
      (messages) =>
        messages.some((m) => m.role === 'tool')
          ? { text: `Done: ${messages.findLast((m) => m.role === 'tool')!.content}` }
          : { toolCalls: [{ id: 'r1', name: 'refund', arguments: { amount: 40 } }] },
    ],
    { repeatLast: true },
  );
  return chatModelAgent({ name: 'Billing', description: 'Handles refunds.', model, tools: [refund] });
}

/** Each checkpoint of a thread, oldest first (in write order): the label of the version that wrote it and why it was written. */
async function written(store: CheckpointStore, threadId: string) {
  return (await store.list(threadId))
    .map((e) => decodeCheckpoint(e.bytes, `${threadId}/${e.id}`))
    .sort((a, b) => a.seq - b.seq)
    .map((r) => ({ version: r.version, source: r.source }));
}

const v1ToV2 = migration({ from: 'v1', to: 'v2' });

describe("an agent served with versions (createStudio's versions: the Runner's)", () => {
  it("writes the label, shows it, and migrates an older version's paused thread before resuming it", async () => {
    const store = new MemoryStore();
    // Version 1 left a thread waiting for the refund's approval.
    const old = await new Runner({ agent: billing(), store, versions: { version: 'v1' } }).query('refund order 7', { threadId: 'old' });
    expect(old.status).toBe('interrupted');
    served = await serveStudio({
      target: billing(),
      store,
      port: 0,
      versions: { version: 'v2', migrations: [v1ToV2], onGraphMismatch: 'migrate' },
    });
    const call = async (path: string, body?: unknown) => {
      const init =
        body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
      const res = await fetch(new URL(path, served!.url), init);
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const fresh = await call('/api/threads/fresh/runs', { input: { query: 'refund order 8' }, wait: true });
    expect(fresh).toMatchObject({ status: 200, body: { status: 'interrupted' } });
    expect(new Set((await written(store, 'fresh')).map((w) => w.version))).toEqual(new Set(['v2']));
    // The thread list judges each thread against the served version: its own is current, v1's needs the migration.
    const { threads } = (await call('/api/threads')).body;
    const rows = threads.map((t: any) => [t.threadId, t.graph.version, t.version.status, t.version.migrations]);
    expect(rows.sort()).toEqual([
      ['fresh', 'v2', 'current', []],
      ['old', 'v1', 'needs-migration', ['v1 -> v2']],
    ]);

    const approve = { resume: { 'agent:Billing/tool:refund:r1#0': { approved: true } }, wait: true };
    const resumed = await call('/api/threads/old/resume', approve);
    expect(resumed).toMatchObject({ status: 200, body: { status: 'done', output: { finalMessage: { content: 'Done: refunded 40' } } } });
    // v1's checkpoints stay; the migration writes v2's first, and the resume goes on from it.
    expect(await written(store, 'old')).toEqual([
      { version: 'v1', source: 'input' },
      { version: 'v1', source: 'step' },
      { version: 'v1', source: 'step' },
      { version: 'v1', source: 'step' },
      { version: 'v2', source: 'migrate' },
      { version: 'v2', source: 'resume' },
      { version: 'v2', source: 'step' },
      { version: 'v2', source: 'step' },
    ]);
  });

  it("pin: an older version's thread is refused with GRAPH_VERSION_PINNED and left as it was", async () => {
    const store = new MemoryStore();
    await new Runner({ agent: billing(), store, versions: { version: 'v1' } }).query('refund order 7', { threadId: 'old' });
    const before = await written(store, 'old');
    served = await serveStudio({ target: billing(), store, port: 0, versions: { version: 'v2', onGraphMismatch: 'pin' } });
    const res = await fetch(new URL('/api/threads/old/resume', served.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resume: { 'agent:Billing/tool:refund:r1#0': { approved: true } }, wait: true }),
    });
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({ error: { code: 'GRAPH_VERSION_PINNED', details: { threadId: 'old', version: 'v1' } } });
    expect(await written(store, 'old')).toEqual(before);
  });

  it('replaceTarget takes the new build’s versions', async () => {
    const store = new MemoryStore();
    served = await serveStudio({ target: billing(), store, port: 0, versions: { version: 'v1' } });
    const event = await served.replaceTarget(billing(), { versions: { version: 'v2' } });
    expect(event.previousHash).toBe(event.hash);
    const res = await fetch(new URL('/api/threads/t1/runs', served.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: { query: 'refund order 9' }, wait: true }),
    });
    expect(res.status).toBe(200);
    expect(new Set((await written(store, 't1')).map((w) => w.version))).toEqual(new Set(['v2']));
    await expect(served.replaceTarget(refunds('v1'), { versions: { version: 'v3' } })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });

  it('versions are refused (INVALID_ARGUMENT) beside a graph, when not an object, and with keys a Runner does not take', () => {
    const store = new MemoryStore();
    const refused = (versions: unknown, target: Parameters<typeof createStudio>[0]['target'] = billing()) => {
      try {
        createStudio({ target, store, versions: versions as never });
      } catch (err) {
        return { code: (err as { code?: string }).code, message: (err as Error).message };
      }
      return undefined;
    };
    expect(refused({ version: 'v2' }, refunds('v2'))).toEqual({
      code: 'INVALID_ARGUMENT',
      message:
        'createStudio(): versions is for an agent target; a compiled graph carries its own: compile({ version, migrations, onGraphMismatch, patches })',
    });
    expect(refused('v2')).toEqual({
      code: 'INVALID_ARGUMENT',
      message:
        'createStudio(): versions must be an object: { version, migrations, onGraphMismatch, patches }, as new Runner({ versions }) takes',
    });
    expect(refused({ version: 'v2', store })).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'createStudio(): versions takes version, migrations, onGraphMismatch, patches; it has "store"',
    });
    // What the versions hold is checked as the agent compiles.
    expect(refused({ onGraphMismatch: 'maybe' })).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('onGraphMismatch'),
    });
  });
});

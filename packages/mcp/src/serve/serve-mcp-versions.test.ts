import { chatModelAgent, tool } from '@weft/agents';
import { decodeCheckpoint, MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientOf, closeAll, expense, track } from '../../test-support/serve-harness.ts';
import { createMcpServer, serveMcp } from '../index.ts';

afterEach(closeAll);

/** Billing refunds 40 (a tool that needs approval), then says what the tool answered. */
function billing(refunds: number[] = []) {
  const refund = tool({
    name: 'refund',
    description: 'Refunds an amount.',
    parameters: z.object({ amount: z.number() }),
    needsApproval: true,
    execute: ({ amount }) => (refunds.push(amount), `refunded ${amount}`),
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

/** What a refusal says, or undefined when there is none. */
function refusal(make: () => unknown) {
  try {
    make();
  } catch (err) {
    return { code: (err as { code?: string }).code, message: (err as Error).message };
  }
  return undefined;
}

describe("serveMcp({ versions }): an agent served at a graph version (its Runner's versions)", () => {
  it("each call's thread is written with the label, through the SDK client, an approval on the way", async () => {
    const store = new MemoryStore();
    const refunds: number[] = [];
    const server = track(
      await serveMcp(billing(refunds), { transport: 'http', store, versions: { version: 'v2', patches: ['refund-limit'] } }),
    );
    const { client } = await clientOf(server.url!, () => ({ action: 'accept', content: { approved: true } }));
    expect(await client.callTool({ name: 'Billing', arguments: { query: 'refund order 7' } })).toEqual({
      content: [{ type: 'text', text: 'Done: refunded 40' }],
    });
    expect(refunds).toEqual([40]);
    const threads = await store.threads();
    expect(threads).toHaveLength(1);
    const { threadId } = threads[0]!;
    const records = (await store.list(threadId)).map((e) => decodeCheckpoint(e.bytes, `${threadId}/${e.id}`));
    expect(records.length).toBeGreaterThan(2);
    expect(new Set(records.map((r) => `${r.graph} ${r.version} ${JSON.stringify(r.patched)}`))).toEqual(
      new Set(['agents:Billing v2 ["refund-limit"]']),
    );
    expect(await store.getGraph!('agents:Billing', records[0]!.hash)).toMatchObject({ version: 'v2' });
  });

  it('versions are refused (INVALID_ARGUMENT) beside a graph, when not an object, and with keys a Runner does not take', async () => {
    await expect(serveMcp(expense(), { transport: 'http', versions: { version: 'v2' } })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'serveMcp(): versions is for an agent target; a compiled graph carries its own: compile({ version, migrations, onGraphMismatch, patches })',
    });
    expect(refusal(() => createMcpServer(expense(), { versions: { version: 'v2' } }))).toEqual({
      code: 'INVALID_ARGUMENT',
      message:
        'createMcpServer(): versions is for an agent target; a compiled graph carries its own: compile({ version, migrations, onGraphMismatch, patches })',
    });
    expect(refusal(() => createMcpServer(billing(), { versions: 'v2' as never }))).toEqual({
      code: 'INVALID_ARGUMENT',
      message:
        'createMcpServer(): versions must be an object: { version, migrations, onGraphMismatch, patches }, as new Runner({ versions }) takes',
    });
    expect(refusal(() => createMcpServer(billing(), { versions: { version: 'v2', label: 'x' } as never }))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'createMcpServer(): versions takes version, migrations, onGraphMismatch, patches; it has "label"',
    });
    // What the versions hold is checked as the agent compiles.
    expect(refusal(() => createMcpServer(billing(), { versions: { version: '' } }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('version must be a non-empty string'),
    });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TaskState } from '@a2a-js/sdk';
import { chatModelAgent, tool } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { SqliteStore } from '@weft/store-sqlite';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { databaseTaskStore, serveA2A } from '../index.ts';
import { asTask, sdkClient, send, texts, userMessage } from '../test-support/sdk-client.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-a2a-durable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything one server process holds open, closed in turn as a process ending would. */
const open: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

let refunds = 0;
const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  needsApproval: true,
  execute: async ({ order }: { order: string }) => (refunds++, `refunded ${order}`),
});

/** One server process: the agent (with this process's model), a checkpoint store and a task store on the files. */
async function serveOn(files: { threads: string; tasks: string }, model: ReturnType<typeof scriptedModel>) {
  const store = new SqliteStore({ path: files.threads });
  open.push(() => store.close());
  const tasks = await databaseTaskStore({ sqlite: files.tasks });
  open.push(() => tasks.close());
  const agent = chatModelAgent({ name: 'Support', description: 'Refunds orders', model, tools: [refund] });
  const served = await serveA2A(agent, { store, taskStore: tasks.taskStore });
  open.push(() => served.close());
  return served;
}

/** Closes what the last server process held open, in the order a process ends. */
async function stop(): Promise<void> {
  for (const close of open.splice(0).reverse()) await close();
}

describe('serveA2A() on a durable task store and checkpoint store', () => {
  it('answers, after a restart, a task the previous server left input-required: the approved tool runs once and the task completes', async () => {
    refunds = 0;
    const files = { threads: join(dir, 'restart-threads.db'), tasks: join(dir, 'restart-tasks.db') };
    let modelCalls = 0;
    const first = await serveOn(
      files,
      scriptedModel([() => (modelCalls++, { toolCalls: [{ name: 'refund', arguments: { order: 'A1' } }] })]),
    );
    const client = await sdkClient(first.url);
    const asked = asTask(await client.sendMessage(send(userMessage('Refund A1'))));
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect([refunds, modelCalls]).toEqual([0, 1]);
    await stop();

    // A new process on the same files: a client that knows only the task's ids goes on with it.
    const second = await serveOn(files, scriptedModel([() => (modelCalls++, { text: 'Refund done' })]));
    const client2 = await sdkClient(second.url);
    const on = { taskId: asked.id, contextId: asked.contextId };
    const done = asTask(await client2.sendMessage(send(userMessage('{"approved": true}', on))));
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(texts(done.artifacts[0]?.parts)).toEqual(['Refund done']);
    expect([refunds, modelCalls]).toEqual([1, 2]);
    const stored = await client2.getTask({ tenant: '', id: asked.id, historyLength: undefined });
    expect([stored.id, stored.contextId, stored.status?.state]).toEqual([asked.id, asked.contextId, TaskState.TASK_STATE_COMPLETED]);
  });

  it('fails a waiting task with the reason, running nothing, when the new server has no checkpoint of its thread', async () => {
    refunds = 0;
    const tasks = join(dir, 'lost-tasks.db');
    const first = await serveOn(
      { threads: join(dir, 'lost-threads-1.db'), tasks },
      scriptedModel([{ toolCalls: [{ name: 'refund', arguments: { order: 'B2' } }] }]),
    );
    const client = await sdkClient(first.url);
    const asked = asTask(await client.sendMessage(send(userMessage('Refund B2'))));
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    await stop();

    let modelCalls = 0;
    const second = await serveOn(
      { threads: join(dir, 'lost-threads-2.db'), tasks },
      scriptedModel([() => (modelCalls++, { text: 'never' })]),
    );
    const failed = asTask(
      await (
        await sdkClient(second.url)
      ).sendMessage(send(userMessage('{"approved": true}', { taskId: asked.id, contextId: asked.contextId }))),
    );
    expect(failed.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(texts(failed.status?.message?.parts)).toEqual([
      `THREAD_NOT_FOUND: thread a2a-${asked.contextId} has no checkpoint in this server's store (threads kept in memory do not outlive the server): send a new task in this context`,
    ]);
    expect([refunds, modelCalls]).toEqual([0, 0]);
  });
});

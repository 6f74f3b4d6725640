import { TaskState, type Part, type Task } from '@a2a-js/sdk';
import { END, MemoryStore, START, graph, interrupt } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveA2A, type ServedA2a } from '../index.ts';
import { asTask, sdkClient, send, texts, userMessage } from '../test-support/sdk-client.ts';
import { dataPart } from './task-events.ts';

const served: ServedA2a[] = [];
afterEach(async () => void (await Promise.all(served.splice(0).map((s) => s.close()))));

const dataOf = (parts: readonly Part[] | undefined): unknown[] =>
  (parts ?? []).flatMap((p) => (p.content?.$case === 'data' ? [p.content.value] : []));

describe('serveA2A() with a graph', () => {
  it('takes a data part as input, asks with the resume schema, keeps asking after a refused value, and answers with data', async () => {
    let shipped = 0;
    const shipping = graph<{ item: string }, { item: string; zip: string }>({ name: 'shipping' })
      .addNode('ask', (order: { item: string }) => {
        const { zip } = interrupt(
          { question: `Where should the ${order.item} go?` },
          { resume: z.object({ zip: z.string().regex(/^\d{5}$/) }) },
        );
        shipped++;
        return { item: order.item, zip };
      })
      .addEdge(START, 'ask')
      .addEdge('ask', END)
      .compile();
    const s = await serveA2A(shipping);
    served.push(s);
    const client = await sdkClient(s.url);
    const asked = asTask(await client.sendMessage(send(userMessage([dataPart({ item: 'vase' })]))));
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(dataOf(asked.status?.message?.parts)).toEqual([
      {
        interrupts: [
          {
            id: expect.any(String),
            address: 'ask',
            info: { question: 'Where should the vase go?' },
            resumeSchema: expect.objectContaining({ type: 'object', required: ['zip'] }),
          },
        ],
      },
    ]);
    const on = { taskId: asked.id, contextId: asked.contextId };
    const refused: Task = asTask(await client.sendMessage(send(userMessage([dataPart({ zip: 'abc' })], on))));
    expect(refused.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(texts(refused.status?.message?.parts)[0]).toMatch(
      /^The last answer was refused: RESUME_INVALID: the value for interrupt "ask#0" does not match its resume schema: .*zip/,
    );
    expect(shipped).toBe(0);
    const done = asTask(await client.sendMessage(send(userMessage('{"zip": "12345"}', on))));
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataOf(done.artifacts[0]?.parts)).toEqual([{ item: 'vase', zip: '12345' }]);
    expect(shipped).toBe(1);
  });

  it('fails a waiting task with NOT_WAITING, running nothing, when its thread was resumed without it', async () => {
    let shipped = 0;
    const store = new MemoryStore();
    const shipping = graph<{ item: string }, { zip: string }>({ name: 'shipping' })
      .addNode('ask', () => {
        const { zip } = interrupt({ question: 'Where?' }, { resume: z.object({ zip: z.string() }) });
        shipped++;
        return { zip };
      })
      .addEdge(START, 'ask')
      .addEdge('ask', END)
      .compile({ store });
    const s = await serveA2A(shipping);
    served.push(s);
    const client = await sdkClient(s.url);
    const asked = asTask(await client.sendMessage(send(userMessage([dataPart({ item: 'vase' })]))));
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const threadId = `a2a-${asked.contextId}`;
    expect(await shipping.resume({ threadId, resume: { 'ask#0': { zip: '11111' } } })).toMatchObject({
      status: 'done',
      output: { zip: '11111' },
    });
    const failed = asTask(
      await client.sendMessage(send(userMessage('{"zip": "22222"}', { taskId: asked.id, contextId: asked.contextId }))),
    );
    expect(failed.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(texts(failed.status?.message?.parts)).toEqual([
      `NOT_WAITING: thread ${threadId} is not waiting for input (its latest checkpoint is done): start a new task in this context`,
    ]);
    expect(shipped).toBe(1);
  });
});

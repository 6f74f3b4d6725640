import { request } from 'node:http';
import { TaskState, type StreamResponse } from '@a2a-js/sdk';
import { chatModelAgent, tool } from '@weft/agents';
import { LeaseKeeper, MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveA2A, type ServedA2a } from '../index.ts';
import { dataPart } from './task-events.ts';
import { asTask, sdkClient, send, texts, userMessage } from '../test-support/sdk-client.ts';

const served: ServedA2a[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(served.splice(0).map((s) => s.close()));
});
async function serve(...args: Parameters<typeof serveA2A>): Promise<ServedA2a> {
  const s = await serveA2A(...args);
  served.push(s);
  return s;
}

const calls = { refund: 0 };
const refund = tool({
  name: 'refund',
  description: 'Refunds an order',
  parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  needsApproval: true,
  execute: async ({ order }: { order: string }) => {
    calls.refund++;
    return `refunded ${order}`;
  },
});

describe('serveA2A() with the SDK client', () => {
  it('answers a sent message with a completed task whose artifact is the answer, and describes the agent in its card', async () => {
    const agent = chatModelAgent({
      name: 'Helper',
      description: 'Answers questions',
      model: scriptedModel([{ text: 'Hello there' }]),
      tools: [refund],
    });
    const s = await serve(agent);
    const client = await sdkClient(s.url);
    const task = asTask(await client.sendMessage(send(userMessage('Hi'))));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts.map((a) => [a.name, texts(a.parts)])).toEqual([['answer', ['Hello there']]]);
    const card = await (await fetch(`${s.url}/.well-known/agent-card.json`, { headers: { 'a2a-version': '1.0' } })).json();
    expect(card).toMatchObject({ name: 'Helper', description: 'Answers questions', defaultInputModes: ['text/plain', 'application/json'] });
    expect(card.skills.map((k: { id: string }) => k.id)).toEqual(['agent:Helper', 'tool:refund']);
  });

  it('streams the task, the working text and the answer, in order', async () => {
    const agent = chatModelAgent({ name: 'Helper', description: 'Answers', model: scriptedModel([{ chunks: ['Hel', 'lo'] }]) });
    const s = await serve(agent);
    const client = await sdkClient(s.url);
    const seen: string[] = [];
    for await (const ev of client.sendMessageStream(send(userMessage('Hi')))) seen.push(describeEvent(ev));
    expect(seen).toEqual([
      'task SUBMITTED',
      'status WORKING',
      'status WORKING Hel',
      'status WORKING lo',
      'artifact answer Hello',
      'status COMPLETED Hello',
    ]);
  });

  it('asks for input at an approval and runs the tool once when the next message on the task approves it', async () => {
    calls.refund = 0;
    const model = scriptedModel([{ toolCalls: [{ name: 'refund', arguments: { order: 'A1' } }] }, { text: 'Refund done' }]);
    const s = await serve(chatModelAgent({ name: 'Support', description: 'Refunds', model, tools: [refund] }));
    const client = await sdkClient(s.url);
    const asked = asTask(await client.sendMessage(send(userMessage('Refund A1'))));
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const data = asked.status?.message?.parts.find((p) => p.content?.$case === 'data')?.content;
    expect(data).toMatchObject({ value: { interrupts: [{ info: { tool: 'refund', arguments: { order: 'A1' } } }] } });
    expect(calls.refund).toBe(0);
    const done = asTask(
      await client.sendMessage(send(userMessage('{"approved": true}', { taskId: asked.id, contextId: asked.contextId }))),
    );
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(texts(done.artifacts[0]?.parts)).toEqual(['Refund done']);
    expect(calls.refund).toBe(1);
  });

  it('streams the answer to an input-required: the follow-up stream starts with the task as it stands', async () => {
    calls.refund = 0;
    const model = scriptedModel([{ toolCalls: [{ name: 'refund', arguments: { order: 'B2' } }] }, { chunks: ['Done'] }]);
    const s = await serve(chatModelAgent({ name: 'Support', description: 'Refunds', model, tools: [refund] }));
    const client = await sdkClient(s.url);
    const first: string[] = [];
    let asked: { id: string; contextId: string } | undefined;
    for await (const ev of client.sendMessageStream(send(userMessage('Refund B2')))) {
      if (ev.payload?.$case === 'task') asked = ev.payload.value;
      first.push(describeEvent(ev));
    }
    expect(first).toEqual([
      'task SUBMITTED',
      'status WORKING',
      'status INPUT_REQUIRED The run is waiting for input. Answer with the resume value as a JSON data part (or as JSON text).',
    ]);
    const second: string[] = [];
    const answer = userMessage([dataPart({ approved: true })], { taskId: asked!.id, contextId: asked!.contextId });
    for await (const ev of client.sendMessageStream(send(answer))) second.push(describeEvent(ev));
    expect(second).toEqual([
      'task INPUT_REQUIRED',
      'status WORKING',
      'status WORKING Done',
      'artifact answer Done',
      'status COMPLETED Done',
    ]);
    expect(calls.refund).toBe(1);
  });

  it('continues the thread when a later task comes in the same context', async () => {
    const seenByModel: number[] = [];
    const model = scriptedModel([
      (messages) => (seenByModel.push(messages.length), { text: 'first' }),
      (messages) => (seenByModel.push(messages.length), { text: 'second' }),
    ]);
    const s = await serve(chatModelAgent({ name: 'Chat', description: 'Chats', model }));
    const client = await sdkClient(s.url);
    const one = asTask(await client.sendMessage(send(userMessage('one'))));
    const two = asTask(await client.sendMessage(send(userMessage('two', { contextId: one.contextId }))));
    expect([one.contextId === two.contextId, one.id === two.id]).toEqual([true, false]);
    expect(texts(two.artifacts[0]?.parts)).toEqual(['second']);
    // The second call sees the first question and answer before its own.
    expect(seenByModel).toEqual([1, 3]);
  });

  it('cancels a running task at its next step boundary: the tool that was running finishes, the model is not called again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const slow = tool({
      name: 'slow',
      description: 'Waits',
      parameters: { type: 'object', properties: {} },
      execute: async () => (started(), await gate, 'ok'),
    });
    let modelCalls = 0;
    const model = scriptedModel([
      () => (modelCalls++, { toolCalls: [{ name: 'slow', arguments: {} }] }),
      () => (modelCalls++, { text: 'never' }),
    ]);
    const store = new MemoryStore();
    const s = await serve(chatModelAgent({ name: 'Worker', description: 'Works', model, tools: [slow] }), { store });
    const asked = new Promise<void>((resolve) => {
      const original = LeaseKeeper.requestStop.bind(LeaseKeeper);
      vi.spyOn(LeaseKeeper, 'requestStop').mockImplementation(async (...args) => {
        const marked = await original(...args);
        resolve();
        return marked;
      });
    });
    const client = await sdkClient(s.url);
    const states: string[] = [];
    const stream = (async () => {
      for await (const ev of client.sendMessageStream(send(userMessage('go')))) {
        const p = ev.payload;
        if (p?.$case === 'task') await running.then(() => client.cancelTask({ tenant: '', id: p.value.id, metadata: undefined }));
        states.push(describeEvent(ev).split(' ').slice(0, 2).join(' '));
      }
    })();
    await asked;
    release();
    await stream;
    expect(states).toEqual(['task SUBMITTED', 'status WORKING', 'status CANCELED']);
    expect(modelCalls).toBe(1);
  });

  it('refuses a request without the bearer token (401), and serves one that has it', async () => {
    const s = await serve(chatModelAgent({ name: 'Helper', description: 'Answers', model: scriptedModel([{ text: 'ok' }]) }), {
      token: 'sekret',
    });
    const denied = await fetch(`${s.url}/.well-known/agent-card.json`);
    expect([denied.status, ((await denied.json()) as { error: { code: string } }).error.code]).toEqual([401, 'UNAUTHORIZED']);
    const task = asTask(await (await sdkClient(s.url, 'sekret')).sendMessage(send(userMessage('Hi'))));
    expect(texts(task.artifacts[0]?.parts)).toEqual(['ok']);
  });

  it('needs a token off loopback (TOKEN_REQUIRED) and refuses a foreign Host header on loopback (403)', async () => {
    const agent = chatModelAgent({ name: 'Helper', description: 'Answers', model: scriptedModel([]) });
    await expect(serveA2A(agent, { host: '0.0.0.0' })).rejects.toMatchObject({ code: 'TOKEN_REQUIRED' });
    const s = await serve(agent);
    // fetch() sets Host itself: node:http sends the one a rebinding page would.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(
        `${s.url}/.well-known/agent-card.json`,
        { headers: { host: 'evil.example' } },
        (res) => (res.resume(), resolve(res.statusCode)),
      );
      req.once('error', reject).end();
    });
    expect(status).toBe(403);
  });
});

function describeEvent(ev: StreamResponse): string {
  const p = ev.payload;
  if (p?.$case === 'task') return `task ${TaskState[p.value.status!.state].replace('TASK_STATE_', '')}`;
  if (p?.$case === 'statusUpdate') {
    const text = texts(p.value.status?.message?.parts).join('');
    return [`status ${TaskState[p.value.status!.state].replace('TASK_STATE_', '')}`, text].filter(Boolean).join(' ');
  }
  if (p?.$case === 'artifactUpdate') return `artifact ${p.value.artifact!.name} ${texts(p.value.artifact!.parts).join('')}`;
  return 'message';
}

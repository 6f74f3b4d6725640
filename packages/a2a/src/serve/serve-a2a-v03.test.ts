import { chatModelAgent } from '@weft/agents';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { serveA2A, type ServedA2a } from '../index.ts';

const served: ServedA2a[] = [];
afterEach(async () => void (await Promise.all(served.splice(0).map((s) => s.close()))));

/** A JSON-RPC call as a 0.3 client sends it: no A2A-Version header, 0.3 method names and shapes. */
async function rpc(url: string, method: string, params: unknown): Promise<{ status: number; body: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: res.status, body: await res.text() };
}

const message = (text: string) => ({
  message: { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts: [{ kind: 'text', text }] },
});

describe('serveA2A() to a 0.3 client (the SDK compatibility layer)', () => {
  it('answers message/send with a 0.3 task whose artifact is the answer', async () => {
    const s = await serveA2A(chatModelAgent({ name: 'Helper', description: 'Answers', model: scriptedModel([{ text: 'Hello there' }]) }));
    served.push(s);
    const { status, body } = await rpc(s.url, 'message/send', message('Hi'));
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: {
        kind: 'task',
        status: { state: 'completed' },
        artifacts: [{ name: 'answer', parts: [{ kind: 'text', text: 'Hello there' }] }],
      },
    });
  });

  it('streams message/stream as 0.3 server-sent events, ending with the completed status', async () => {
    const s = await serveA2A(chatModelAgent({ name: 'Helper', description: 'Answers', model: scriptedModel([{ chunks: ['Hel', 'lo'] }]) }));
    served.push(s);
    const { body } = await rpc(s.url, 'message/stream', message('Hi'));
    const results = body
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => (JSON.parse(line.slice(5)) as { result: { kind: string; status?: { state: string }; final?: boolean } }).result);
    expect(results.map((r) => [r.kind, r.status?.state ?? ''])).toEqual([
      ['task', 'submitted'],
      ['status-update', 'working'],
      ['status-update', 'working'],
      ['status-update', 'working'],
      ['artifact-update', ''],
      ['status-update', 'completed'],
    ]);
    expect(results.at(-1)?.final).toBe(true);
  });
});

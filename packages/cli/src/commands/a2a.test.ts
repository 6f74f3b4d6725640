/**
 * `weft a2a`, in its own process, driven over JSON-RPC as a 0.3 A2A client
 * sends it (the SDK's compatibility layer answers it): an approval asked as
 * input-required and answered on the same task, the bearer token, SIGTERM.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, tempDir, weft, weftProcess } from '../../test-support/spawn-weft.ts';

const EXPENSE = join(FIXTURES, 'expense-graph.ts');

interface Task {
  id: string;
  contextId: string;
  status: { state: string; message?: { parts: { kind: string; text?: string; data?: unknown }[] } };
  artifacts?: { name: string; parts: { kind: string; text?: string }[] }[];
}

async function send(url: string, data: unknown, on: { taskId?: string; contextId?: string } = {}, token?: string): Promise<Task> {
  const message = { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts: [{ kind: 'data', data }], ...on };
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'message/send', params: { message } }),
  });
  const body = (await res.json()) as { result?: Task; error?: unknown };
  if (!body.result) throw new Error(`no result: ${JSON.stringify(body)}`);
  return body.result;
}

describe('weft a2a', () => {
  it('serves the graph until SIGTERM: an approval is input-required, the next message on the task answers it', async () => {
    const server = weftProcess(['a2a', EXPENSE, '--port', '0'], tempDir());
    const ready = await server.waitFor((l) => l.startsWith('a2a ready · '));
    expect(ready).toMatch(/^a2a ready · graph expense · http:\/\/127\.0\.0\.1:\d+ · store memory · tasks memory · pid \d+$/);
    const url = /(http:\/\/\S+)/.exec(ready)![1]!;
    const card = (await (await fetch(`${url}/.well-known/agent-card.json`, { headers: { 'a2a-version': '1.0' } })).json()) as {
      name: string;
    };
    expect(card.name).toBe('expense');
    const asked = await send(url, { who: 'Bo', amount: 200 });
    expect(asked.status.state).toBe('input-required');
    expect(asked.status.message?.parts.find((p) => p.kind === 'data')?.data).toMatchObject({
      interrupts: [{ info: { question: 'Approve 200 for Bo?' } }],
    });
    const done = await send(url, { approved: true }, { taskId: asked.id, contextId: asked.contextId });
    expect([done.status.state, done.artifacts?.[0]?.parts]).toEqual(['completed', [{ kind: 'text', text: 'paid 200 to Bo' }]]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.lines.at(-1)).toBe('SIGTERM: closed');
  });

  it('with WEFT_A2A_TOKEN, a request without the token is 401 and one with it runs', async () => {
    const server = weftProcess(['a2a', EXPENSE, '--port', '0'], tempDir(), { WEFT_A2A_TOKEN: 'a2a-secret' });
    const ready = await server.waitFor((l) => l.startsWith('a2a ready · '));
    expect(ready).toMatch(/ · bearer token · /);
    const url = /(http:\/\/\S+)/.exec(ready)![1]!;
    const refused = await fetch(`${url}/.well-known/agent-card.json`);
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([401, 'UNAUTHORIZED']);
    const done = await send(url, { who: 'Al', amount: 5 }, {}, 'a2a-secret');
    expect(done.status.state).toBe('completed');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses --host off loopback without a token (exit code 2)', async () => {
    const open = await weft(['a2a', EXPENSE, '--host', '0.0.0.0', '--port', '0'], tempDir());
    expect([open.code, open.stdout, open.stderr]).toEqual([
      2,
      '',
      'weft: a2a: --host 0.0.0.0 is not a loopback address: anyone who reaches it could run the target, so it needs a token\n' +
        'hint: pass --token <secret> (or set WEFT_A2A_TOKEN); clients send "Authorization: Bearer <secret>". Or drop --host to listen on 127.0.0.1 only\n',
    ]);
  });
});

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientOf, closeAll, expense, post, postInitialize, track, type Answer } from '../../test-support/serve-harness.ts';
import { serveMcp } from '../index.ts';

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await closeAll();
});

/**
 * The MCP servers the HTTP server made (one per session it started) and how
 * many of them it still holds: a server whose transport is closed is let go.
 */
function countServers() {
  const connects = vi.spyOn(Server.prototype, 'connect');
  const made = () => connects.mock.contexts as Server[];
  return { made: () => made().length, retained: () => made().filter((s) => s.transport !== undefined).length };
}

const LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
const sessionOf = (answer: { headers: Record<string, string | string[] | undefined> }) => String(answer.headers['mcp-session-id']);

describe('serveMcp over HTTP: sessions are bounded and expire', () => {
  it('requests without a session id that start none are refused (400) and leave no server behind', async () => {
    const servers = countServers();
    const server = track(await serveMcp(expense(), { transport: 'http' }));
    for (let i = 0; i < 40; i++) {
      const answer = await post(server.url!, { ...LIST, id: i });
      expect([answer.status, answer.headers['mcp-session-id']]).toEqual([400, undefined]);
      expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    }
    expect(servers.retained()).toBe(0);
    // A session still starts, and is the only server held.
    const { client } = await clientOf(server.url!);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['expense']);
    expect(servers.retained()).toBe(1);
  });

  it('at most maxSessions: a new session closes the one idle longest; a live session keeps working', async () => {
    const servers = countServers();
    const server = track(await serveMcp(expense(), { transport: 'http', maxSessions: 3 }));
    const { client } = await clientOf(server.url!);
    const first = await postInitialize(server.url!);
    expect(first.status).toBe(200);
    for (let i = 0; i < 25; i++) {
      expect((await postInitialize(server.url!)).status).toBe(200);
      // The client's session is used between the others: it is never the one idle longest.
      expect((await client.listTools()).tools).toHaveLength(1);
    }
    expect([servers.made(), servers.retained()]).toEqual([27, 3]);
    expect(await client.callTool({ name: 'expense', arguments: { who: 'Ann', amount: 5 } })).toEqual({
      content: [{ type: 'text', text: 'paid 5 to Ann' }],
    });
    // The raw session started first was closed: its id is unknown now.
    const gone = await post(server.url!, LIST, { 'mcp-session-id': sessionOf(first), 'mcp-protocol-version': '2025-06-18' });
    expect(gone.status).toBe(404);
  });

  it('when every session is busy (a call waiting on its elicitation), a new one is refused with 503 and none is closed', async () => {
    const servers = countServers();
    const server = track(await serveMcp(expense(), { transport: 'http', maxSessions: 1 }));
    let release!: () => void;
    const asked = new Promise<void>((resolve) => (release = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { client } = await clientOf(
      server.url!,
      (() => (release(), answered.then(() => ({ action: 'accept', content: { value: '{"approved":true}' } })))) as unknown as Answer,
    );
    const call = client.callTool({ name: 'expense', arguments: { who: 'Cy', amount: 300 } });
    await asked;
    const refused = await postInitialize(server.url!);
    expect([refused.status, refused.headers['retry-after'], refused.headers['mcp-session-id']]).toEqual([503, '5', undefined]);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'this MCP server holds its maximum of 1 sessions, all busy; try again later' },
      id: null,
    });
    answer();
    expect(await call).toEqual({ content: [{ type: 'text', text: 'paid 300 to Cy' }] });
    expect([servers.made(), servers.retained()]).toEqual([1, 1]); // the refused request made no server
  });

  it('a session idle for sessionIdleMs is closed; one used meanwhile is kept, and works', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const servers = countServers();
    const server = track(await serveMcp(expense(), { transport: 'http', sessionIdleMs: 60_000 }));
    const idle = await Promise.all([1, 2, 3, 4, 5].map(() => postInitialize(server.url!)));
    const { client } = await clientOf(server.url!);
    expect(servers.retained()).toBe(6);
    vi.advanceTimersByTime(30_000);
    expect((await client.listTools()).tools).toHaveLength(1);
    vi.advanceTimersByTime(40_000); // the raw sessions: 70 s idle; the client's: 40 s
    expect(await client.callTool({ name: 'expense', arguments: { who: 'Bo', amount: 7 } })).toEqual({
      content: [{ type: 'text', text: 'paid 7 to Bo' }],
    });
    expect(servers.retained()).toBe(1);
    for (const answer of idle)
      expect((await post(server.url!, LIST, { 'mcp-session-id': sessionOf(answer), 'mcp-protocol-version': '2025-06-18' })).status).toBe(
        404,
      );
    vi.advanceTimersByTime(61_000);
    expect((await post(server.url!, LIST)).status).toBe(400);
    expect(servers.retained()).toBe(0);
    await expect(client.listTools()).rejects.toMatchObject({ code: 404 });
  });

  it('maxSessions and sessionIdleMs must be positive integers', async () => {
    for (const bad of [{ maxSessions: 0 }, { maxSessions: 1.5 }, { sessionIdleMs: -1 }, { sessionIdleMs: Number.NaN }])
      await expect(serveMcp(expense(), { transport: 'http', ...bad })).rejects.toMatchObject({
        name: 'McpError',
        code: 'INVALID_ARGUMENT',
        message: `serveMcp(): ${Object.keys(bad)[0]} must be a positive integer (${Object.keys(bad)[0] === 'maxSessions' ? 'sessions' : 'milliseconds'}), got ${String(Object.values(bad)[0])}`,
      });
  });
});

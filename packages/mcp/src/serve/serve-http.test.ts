import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientOf, closeAll, expense, postInitialize, track } from '../../test-support/serve-harness.ts';
import { serveMcp } from '../index.ts';

afterEach(async () => {
  vi.restoreAllMocks();
  await closeAll();
});

const TOKEN = 'tok-3f9a1c';
const approve = () => ({ action: 'accept' as const, content: { value: '{"approved":true}' } });
/** What the MCP sessions the server made: each one connects a server of its own. */
const spyConnects = () => vi.spyOn(Server.prototype, 'connect');

describe('serveMcp over HTTP: a bearer token, and the Host check on loopback', () => {
  it('with a token: a request without it, or with another, is 401 and makes no session; with it, the tool runs as without a token', async () => {
    const connects = spyConnects();
    const server = track(await serveMcp(expense(), { transport: 'http', token: TOKEN }));

    const none = await postInitialize(server.url!);
    expect([none.status, none.headers['www-authenticate'], none.headers['mcp-session-id']]).toEqual([401, 'Bearer', undefined]);
    expect(JSON.parse(none.body)).toEqual({
      error: {
        code: 'UNAUTHORIZED',
        message:
          'this MCP server needs a bearer token: send the header "Authorization: Bearer <token>" with the token it was started with (serveMcp()\'s token option; weft mcp --token or WEFT_MCP_TOKEN)',
      },
    });
    const wrong = await postInitialize(server.url!, { authorization: 'Bearer tok-3f9a1d' });
    expect([wrong.status, wrong.headers['www-authenticate'], wrong.headers['mcp-session-id']]).toEqual([
      401,
      'Bearer error="invalid_token"',
      undefined,
    ]);
    expect(JSON.parse(wrong.body)).toEqual({
      error: {
        code: 'UNAUTHORIZED',
        message:
          'the bearer token is not the one this MCP server was started with (serveMcp()\'s token option; weft mcp --token or WEFT_MCP_TOKEN): send "Authorization: Bearer <token>" with that token',
      },
    });
    // The SDK's client, without the token and with a wrong one (a prefix of it, another scheme).
    const refused = { code: 401, message: expect.stringContaining('"code":"UNAUTHORIZED"') };
    await expect(clientOf(server.url!, approve)).rejects.toMatchObject(refused);
    for (const authorization of ['Bearer nope', `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`])
      await expect(clientOf(server.url!, approve, { Authorization: authorization })).rejects.toMatchObject(refused);
    expect(connects).not.toHaveBeenCalled();

    const { client, asked } = await clientOf(server.url!, approve, { Authorization: `Bearer ${TOKEN}` });
    expect(await client.callTool({ name: 'expense', arguments: { who: 'Ann', amount: 50 } })).toEqual({
      content: [{ type: 'text', text: 'paid 50 to Ann' }],
    });
    expect(await client.callTool({ name: 'expense', arguments: { who: 'Bo', amount: 500 } })).toEqual({
      content: [{ type: 'text', text: 'paid 500 to Bo' }],
    });
    expect(asked.map((a) => a.message)).toEqual(['Approve 500 for Bo?']);
    expect(connects).toHaveBeenCalledTimes(1);
  });

  it('off loopback (0.0.0.0) without a token: TOKEN_REQUIRED at start; with one it serves, and does not check Host', async () => {
    await expect(serveMcp(expense(), { transport: 'http', host: '0.0.0.0' })).rejects.toMatchObject({
      name: 'McpError',
      code: 'TOKEN_REQUIRED',
      message:
        'serveMcp(): listening on 0.0.0.0, an address other machines may reach, needs a token: pass { token } (weft mcp: --token or WEFT_MCP_TOKEN), and clients send "Authorization: Bearer <token>"; or listen on 127.0.0.1',
    });
    await expect(serveMcp(expense(), { transport: 'http', token: 'two words' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
    const server = track(await serveMcp(expense(), { transport: 'http', host: '0.0.0.0', token: TOKEN }));
    expect(server.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+\/mcp$/);
    const port = new URL(server.url!).port;
    const named = await postInitialize(`http://127.0.0.1:${port}/mcp`, { host: `weft.example:${port}`, authorization: `Bearer ${TOKEN}` });
    expect([named.status, typeof named.headers['mcp-session-id']]).toEqual([200, 'string']);
  });

  it("on loopback, a Host header that is not the server's own host and port is 403, before the token and any session", async () => {
    const connects = spyConnects();
    const server = track(await serveMcp(expense(), { transport: 'http', token: TOKEN }));
    const port = Number(new URL(server.url!).port);
    const auth = { authorization: `Bearer ${TOKEN}` };
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `127.0.0.1:${port}@evil.example`]) {
      const refused = await postInitialize(server.url!, { ...auth, host });
      expect([refused.status, refused.headers['mcp-session-id']]).toEqual([403, undefined]);
      expect(JSON.parse(refused.body)).toEqual({
        error: {
          code: 'HOST_NOT_ALLOWED',
          message: `the Host header ${JSON.stringify(host)} is not this server's: a loopback MCP server answers only to its own address, so a web page that rebinds a name to this machine is refused; connect to ${server.url}`,
        },
      });
    }
    expect((await postInitialize(server.url!, { host: 'evil.example' })).status).toBe(403);
    expect(connects).not.toHaveBeenCalled();
    // Its own names pass: the address it listens on, and localhost (any case), with its port.
    for (const host of [`127.0.0.1:${port}`, `LOCALHOST:${port}`]) {
      const ok = await postInitialize(server.url!, { ...auth, host });
      expect([ok.status, typeof ok.headers['mcp-session-id']]).toEqual([200, 'string']);
    }
    expect(connects).toHaveBeenCalledTimes(2);
  });
});

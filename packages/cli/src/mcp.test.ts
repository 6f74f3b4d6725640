/**
 * `weft mcp`, in its own process, driven by the MCP SDK's client: over stdio
 * (the client starts the server, as desktop assistants and IDEs do) and over
 * Streamable HTTP (--http).
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { FIXTURES, WEFT_BIN, tempDir, weft, weftProcess } from '../test-support/spawn-weft.ts';
import { loadMcp } from './load-mcp.ts';

const EXPENSE = join(FIXTURES, 'expense-graph.ts');

/** A client that approves every question with `{"approved":true}`, recording the questions. */
async function approvingClient(transport: Transport) {
  const asked: string[] = [];
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, (req) => {
    asked.push(req.params.message);
    return { action: 'accept', content: { value: '{"approved":true}' } };
  });
  await client.connect(transport);
  return { client, asked };
}

const sessionHeaders = (session: string) => ({ 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' });

/** One JSON-RPC message POSTed as an MCP client sends it: the status, the session id it names, and the whole body. */
async function rpc(url: string, message: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
  });
  return { status: res.status, session: res.headers.get('mcp-session-id') ?? '', body: await res.text() };
}

const initialize = (url: string) =>
  rpc(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
  });
const listTools = (url: string, session: string) => rpc(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, sessionHeaders(session));

describe('weft mcp', () => {
  it('over stdio: one tool for the graph; an interrupt is asked through elicitation; the ready line goes to stderr', async () => {
    const cwd = tempDir();
    // This process's environment (the SDK passes only a safe subset by default): the CLI then runs from the same sources.
    const env = process.env as Record<string, string>;
    const transport = new StdioClientTransport({ command: process.execPath, args: [WEFT_BIN, 'mcp', EXPENSE], cwd, env, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const { client, asked } = await approvingClient(transport as unknown as Transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.description, t.inputSchema])).toEqual([
      [
        'expense',
        'Runs the graph expense',
        { type: 'object', properties: { input: { description: 'The input of expense' } }, required: ['input'] },
      ],
    ]);
    expect(await client.callTool({ name: 'expense', arguments: { input: { who: 'Ann', amount: 500 } } })).toEqual({
      content: [{ type: 'text', text: 'paid 500 to Ann' }],
    });
    expect(asked).toEqual(['Approve 500 for Ann?']);
    await client.close();
    expect(stderr).toMatch(/^mcp ready · graph expense · stdio · store memory · pid \d+\n/);
  });

  it('over HTTP (--http): serves at the printed URL until SIGTERM, then exits with 0', async () => {
    const cwd = tempDir();
    const server = weftProcess(['mcp', EXPENSE, '--http', '--port', '0'], cwd);
    const ready = await server.waitFor((l) => l.startsWith('mcp ready · '));
    const url = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(ready)?.[1];
    expect(ready).toMatch(/^mcp ready · graph expense · http:\/\/127\.0\.0\.1:\d+\/mcp · store memory · pid \d+$/);
    const { client } = await approvingClient(new StreamableHTTPClientTransport(new URL(url!)) as unknown as Transport);
    expect(await client.callTool({ name: 'expense', arguments: { input: { who: 'Bo', amount: 20 } } })).toEqual({
      content: [{ type: 'text', text: 'paid 20 to Bo' }],
    });
    await client.close();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.lines.at(-1)).toBe('SIGTERM: closed');
  });

  it('over HTTP with --token (or WEFT_MCP_TOKEN): a request without the token is 401; a client that sends it runs the tool', async () => {
    const flag = weftProcess(['mcp', EXPENSE, '--http', '--port', '0', '--token', 'cli-secret'], tempDir());
    const fromEnv = weftProcess(['mcp', EXPENSE, '--http', '--port', '0'], tempDir(), { WEFT_MCP_TOKEN: 'env-secret' });
    const urls: string[] = [];
    for (const server of [flag, fromEnv]) {
      const ready = await server.waitFor((l) => l.startsWith('mcp ready · '));
      expect(ready).toMatch(/^mcp ready · graph expense · http:\/\/127\.0\.0\.1:\d+\/mcp · bearer token · store memory · pid \d+$/);
      urls.push(/(http:\/\/\S+\/mcp)/.exec(ready)![1]!);
    }
    const [flagUrl, envUrl] = urls as [string, string];
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    };
    const refused = await fetch(flagUrl, init);
    expect([
      refused.status,
      refused.headers.get('www-authenticate'),
      ((await refused.json()) as { error: { code: string } }).error.code,
    ]).toEqual([401, 'Bearer', 'UNAUTHORIZED']);
    // The other server's token is not this one's.
    expect((await fetch(envUrl, { ...init, headers: { ...init.headers, authorization: 'Bearer cli-secret' } })).status).toBe(401);
    for (const [url, token] of [
      [flagUrl, 'cli-secret'],
      [envUrl, 'env-secret'],
    ] as const) {
      const headers = { Authorization: `Bearer ${token}` };
      const { client, asked } = await approvingClient(
        new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }) as unknown as Transport,
      );
      expect(await client.callTool({ name: 'expense', arguments: { input: { who: 'Bo', amount: 200 } } })).toEqual({
        content: [{ type: 'text', text: 'paid 200 to Bo' }],
      });
      expect(asked).toEqual(['Approve 200 for Bo?']);
      await client.close();
    }
    for (const server of [flag, fromEnv]) server.child.kill('SIGTERM');
    expect(await Promise.all([flag.exited, fromEnv.exited])).toEqual([0, 0]);
  });

  it('refuses --host off loopback without a token, and --token without --http (exit code 2)', async () => {
    const open = await weft(['mcp', EXPENSE, '--http', '--host', '0.0.0.0', '--port', '0'], tempDir());
    expect([open.code, open.stdout, open.stderr]).toEqual([
      2,
      '',
      'weft: mcp: --host 0.0.0.0 is not a loopback address: anyone who reaches it could run the target, so it needs a token\n' +
        'hint: pass --token <secret> (or set WEFT_MCP_TOKEN); clients send "Authorization: Bearer <secret>". Or drop --host to listen on 127.0.0.1 only\n',
    ]);
    const stdio = await weft(['mcp', EXPENSE, '--token', 'cli-secret'], tempDir());
    expect([stdio.code, stdio.stderr]).toEqual([
      2,
      'weft: mcp: --token is for --http\nhint: add --http to serve over HTTP; over stdio the client starts the server itself\n',
    ]);
  });

  it('without @weft/mcp installed: MCP_UNAVAILABLE, whose hint installs it', async () => {
    const err = await loadMcp('@weft/not-installed').catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'MCP_UNAVAILABLE',
      message: 'weft mcp needs @weft/not-installed, which is not installed',
      hint: 'install @weft/not-installed beside @weft/cli: npm install @weft/not-installed',
    });
  });

  it('--max-sessions: a new HTTP session closes the one idle longest, whose id then gets 404', async () => {
    const server = weftProcess(['mcp', EXPENSE, '--http', '--port', '0', '--max-sessions', '1'], tempDir());
    const url = /(http:\/\/\S+\/mcp)/.exec(await server.waitFor((l) => l.startsWith('mcp ready · ')))![1]!;
    const first = await initialize(url);
    const second = await initialize(url);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.session).not.toBe(first.session);
    expect((await listTools(url, first.session)).status).toBe(404);
    const listed = await listTools(url, second.session);
    expect(listed.status).toBe(200);
    expect(listed.body).toContain('"name":"expense"');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('--session-idle-ms: a session without a request for that long is closed (its event stream ends, its id gets 404)', async () => {
    const server = weftProcess(['mcp', EXPENSE, '--http', '--port', '0', '--session-idle-ms', '2000'], tempDir());
    const url = /(http:\/\/\S+\/mcp)/.exec(await server.waitFor((l) => l.startsWith('mcp ready · ')))![1]!;
    const { session } = await initialize(url);
    // The client's standing event stream does not keep its session: the server ends it when it closes the idle session.
    const stream = await fetch(url, { headers: { ...sessionHeaders(session), accept: 'text/event-stream' } });
    expect(stream.status).toBe(200);
    await stream.text().catch(() => '');
    expect((await listTools(url, session)).status).toBe(404);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses --max-sessions and --session-idle-ms without --http, and values that are not whole numbers (exit code 2)', async () => {
    const stdio = await weft(['mcp', EXPENSE, '--max-sessions', '10'], tempDir());
    expect([stdio.code, stdio.stderr]).toEqual([
      2,
      'weft: mcp: --max-sessions and --session-idle-ms are for --http\n' +
        'hint: add --http to serve over HTTP; over stdio there is one client, and its session lasts as long as it runs the server\n',
    ]);
    const zero = await weft(['mcp', EXPENSE, '--http', '--port', '0', '--max-sessions', '0'], tempDir());
    expect([zero.code, zero.stderr]).toEqual([
      2,
      'weft: mcp: --max-sessions "0" is not a number of sessions\nhint: give a whole number from 1, e.g. --max-sessions 1000\n',
    ]);
    const minutes = await weft(['mcp', EXPENSE, '--http', '--port', '0', '--session-idle-ms', '5m'], tempDir());
    expect([minutes.code, minutes.stderr]).toEqual([
      2,
      'weft: mcp: --session-idle-ms "5m" is not a number of milliseconds\nhint: give a whole number from 1, e.g. --session-idle-ms 600000\n',
    ]);
  });

  it('refuses --port without --http (exit code 2)', async () => {
    const r = await weft(['mcp', EXPENSE, '--port', '3000'], tempDir());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('mcp: --port and --host are for --http');
  });
});

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatModelAgent, Runner, textOf, type AgentEvent } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { scriptedModel, type ScriptItem } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IDEMPOTENCY_META_KEY, mcpTools, type McpTools } from './index.ts';
import { httpMcpServer } from '../test-support/http-mcp-server.ts';

const EVERYTHING = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const CRASHING = fileURLToPath(new URL('../test-support/crashing-server.ts', import.meta.url));

const call = (name: string, args: Record<string, unknown>, id: string): ScriptItem => ({ toolCalls: [{ name, arguments: args, id }] });

/** Each event as one line: who, and the message, tool result or error it carried. */
const lines = (events: readonly AgentEvent[]) =>
  events.map((e) => {
    const m = e.output?.message;
    if (m?.role === 'tool') return `tool ${e.output?.toolName}: ${typeof m.content === 'string' ? m.content : describeParts(m.content)}`;
    if (e.error) return `${e.type} ${e.error.code}`;
    if (m?.role === 'assistant') return `assistant: ${m.content}${(m.toolCalls ?? []).map((c) => ` → ${c.name}(${c.arguments})`).join('')}`;
    return e.type;
  });

/** Parts as one line each: text as it is, bytes by media type and size. */
const describeParts = (parts: Exclude<NonNullable<AgentEvent['output']>['message'], undefined>['content']) =>
  typeof parts === 'string'
    ? parts
    : parts
        .map((p) => (p.type === 'text' ? p.text : 'data' in p ? `<${p.type} ${p.mediaType}, ${p.data.byteLength} bytes>` : `<${p.type}>`))
        .join('\n');

const open: McpTools[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((m) => m.close()));
  await Promise.all(closers.splice(0).map((c) => c()));
});
const connect = async (...args: Parameters<typeof mcpTools>) => {
  const mcp = await mcpTools(...args);
  open.push(mcp);
  return mcp;
};

describe('mcpTools over stdio, against @modelcontextprotocol/server-everything', () => {
  it("lists the server's tools with its schemas; an agent calls them; results reach the model as text, JSON and image parts", async () => {
    const mcp = await connect({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' });
    expect(mcp.transport).toBe('stdio');
    expect(mcp.server).toEqual({ name: 'mcp-servers/everything', version: expect.any(String) });
    expect(mcp.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content']));
    expect(mcp.tools.find((t) => t.name === 'get-sum')!.spec).toEqual({
      name: 'get-sum',
      description: 'Returns the sum of two numbers',
      parameters: {
        type: 'object',
        properties: { a: { type: 'number', description: 'First number' }, b: { type: 'number', description: 'Second number' } },
        required: ['a', 'b'],
      },
    });
    const model = scriptedModel([
      call('get-sum', { a: 2 }, 'c1'),
      call('get-sum', { a: 2, b: 3 }, 'c2'),
      call('echo', { message: 'hi' }, 'c3'),
      call('get-tiny-image', {}, 'c4'),
      call('get-structured-content', { location: 'Chicago' }, 'c5'),
      { text: 'done' },
    ]);
    const agent = chatModelAgent({ name: 'Tester', description: 'tries tools', model, tools: [...mcp.tools] });
    const run = await new Runner({ agent }).query('try the tools');
    expect(run.status).toBe('done');
    const structured = lines(run.events).find((l) => l.startsWith('tool get-structured-content'))!;
    expect(lines(run.events)).toEqual([
      'assistant:  → get-sum({"a":2})',
      "tool get-sum: Error: invalid arguments for get-sum: arguments must have required property 'b'",
      'assistant:  → get-sum({"a":2,"b":3})',
      'tool get-sum: The sum of 2 and 3 is 5.',
      'assistant:  → echo({"message":"hi"})',
      'tool echo: Echo: hi',
      'assistant:  → get-tiny-image({})',
      "tool get-tiny-image: Here's the image you requested:\n<image image/png, 4033 bytes>\nThe image above is the MCP logo.",
      'assistant:  → get-structured-content({"location":"Chicago"})',
      structured,
      'assistant: done',
    ]);
    // The image reaches the model as an image part of the tool message, its bytes a PNG.
    const sent = model.calls[4]!.messages.at(-1)!;
    expect(sent).toMatchObject({ role: 'tool', name: 'get-tiny-image', toolCallId: 'c4' });
    const image = (sent.content as Exclude<typeof sent.content, string>)[1]!;
    expect(image).toMatchObject({ type: 'image', mediaType: 'image/png' });
    expect([...(image as { data: Uint8Array }).data.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(textOf(sent)).toBe("Here's the image you requested:The image above is the MCP logo.");
    // Structured content goes to the model as JSON, with the fields the server's output schema names.
    expect(Object.keys(JSON.parse(structured.slice('tool get-structured-content: '.length)) as object).sort()).toEqual([
      'conditions',
      'humidity',
      'temperature',
    ]);
    await mcp.close();
    await expect(mcp.tools[0]!.execute({ message: 'x' }, {} as never)).rejects.toMatchObject({ code: 'MCP_CLOSED' });
  });

  it('a server that dies mid-call stops the run with TOOL_UNAVAILABLE; the resume starts it again and calls the tool, with the same key', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'weft-mcp-')), 'crashed');
    const mcp = await connect({
      command: process.execPath,
      args: ['--import', 'tsx', CRASHING],
      env: { ...(process.env as Record<string, string>), WEFT_TEST_MARKER: marker },
      stderr: 'ignore',
    });
    const model = scriptedModel([call('flaky', {}, 'f1'), { text: 'recovered' }]);
    const runner = new Runner({
      agent: chatModelAgent({ name: 'A', description: '', model, tools: [...mcp.tools] }),
      store: new MemoryStore(),
    });
    const failed = await runner.query('go', { threadId: 'crash' });
    expect(existsSync(marker)).toBe(true);
    expect(failed).toMatchObject({ status: 'error', error: { code: 'TOOL_UNAVAILABLE', name: 'McpError' } });
    expect(failed.error?.message).toMatch(
      /^the MCP server .*crashing-server\.ts is gone \(.+\): the call to flaky could not be made; resume the run once it is back$/,
    );
    expect(lines(failed.events)).toEqual(['assistant:  → flaky({})', 'error TOOL_UNAVAILABLE']);
    expect(model.calls).toHaveLength(1); // the model was not told
    const resumed = await runner.resume(failed.checkpointId!);
    expect(resumed.status === 'done' && resumed.finalOutput).toBe('recovered');
    expect(lines(resumed.events)).toEqual(['tool flaky: flaky ok crash/agent:A/1.1/f1', 'assistant: recovered']);
  });
});

describe('mcpTools over HTTP, against a server written with the SDK', () => {
  it('Streamable HTTP: headers on every request, approval, idempotency keys, server errors as tool errors', async () => {
    const paid: { amount: number; key: unknown }[] = [];
    const server = await httpMcpServer('streamable-http', (s) => {
      s.registerTool('pay', { description: 'Pays an amount.', inputSchema: { amount: z.number() } }, ({ amount }, extra) => {
        paid.push({ amount, key: extra._meta?.[IDEMPOTENCY_META_KEY] });
        return { content: [{ type: 'text', text: `paid ${amount}` }] };
      });
      s.registerTool('print', { description: 'Prints.' }, () => ({ isError: true, content: [{ type: 'text', text: 'out of paper' }] }));
    });
    closers.push(server.close);
    const mcp = await connect({ url: server.url, headers: { Authorization: 'Bearer t0ken' }, needsApproval: ['pay'] });
    expect(mcp.transport).toBe('streamable-http');
    expect(mcp.server).toEqual({ name: 'test-server', version: '1.2.3' });

    const model = scriptedModel([call('print', {}, 'p1'), call('pay', { amount: 30 }, 'y1'), { text: 'all done' }]);
    const runner = new Runner({
      agent: chatModelAgent({ name: 'Clerk', description: '', model, tools: [...mcp.tools] }),
      store: new MemoryStore(),
    });
    const paused = await runner.query('pay it', { threadId: 'pay-1' });
    expect(paused.status).toBe('interrupted');
    expect(paused.interrupts.map((i) => [i.id, i.info])).toEqual([
      ['agent:Clerk/tool:pay:y1#0', { tool: 'pay', arguments: { amount: 30 } }],
    ]);
    expect(lines(paused.events).slice(0, 2)).toEqual(['assistant:  → print({})', 'tool print: Error: print failed: out of paper']);
    expect(paid).toEqual([]);
    const done = await runner.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { approved: true } } });
    expect(done.status === 'done' && done.finalOutput).toBe('all done');
    expect(paid).toEqual([{ amount: 30, key: 'pay-1/agent:Clerk/1.2/y1' }]);
    expect(server.requests.length).toBeGreaterThan(3);
    expect(server.requests.every((r) => r.authorization === 'Bearer t0ken')).toBe(true);
  });

  it("cancels the server's work when the run is cancelled, and follows the server's tools/list_changed", async () => {
    const seen: string[] = [];
    const server = await httpMcpServer('streamable-http', (s) => {
      s.registerTool('wait', { description: 'Waits until cancelled.' }, (extra) => {
        seen.push('started');
        return new Promise((resolve) =>
          extra.signal.addEventListener('abort', () => {
            seen.push('cancelled');
            resolve({ content: [{ type: 'text', text: 'never read' }] });
          }),
        );
      });
    });
    closers.push(server.close);
    const mcp = await connect({ url: server.url });
    const stop = new AbortController();
    const model = scriptedModel([call('wait', {}, 'w1'), { text: 'unreachable' }]);
    const run = new Runner({ agent: chatModelAgent({ name: 'A', description: '', model, tools: [...mcp.tools] }) }).query('wait', {
      signal: stop.signal,
    });
    await expect.poll(() => seen).toEqual(['started']);
    stop.abort();
    const result = await run;
    expect(result).toMatchObject({ status: 'error', error: { code: 'RUN_ABORTED' } });
    await expect.poll(() => seen).toEqual(['started', 'cancelled']);

    const changes: string[][] = [];
    mcp.onToolsChanged((tools) => changes.push(tools.map((t) => t.name)));
    const before = mcp.toolset.tools().map((t) => t.name);
    server.servers[0]!.registerTool('later', { description: 'Added later.' }, () => ({ content: [{ type: 'text', text: 'later ok' }] }));
    await expect.poll(() => changes).toEqual([['wait', 'later']]);
    // The toolset view follows the list: an agent given it sees the new tool at its next model call.
    expect([before, mcp.toolset.tools().map((t) => t.name), mcp.toolset.name]).toEqual([['wait'], ['wait', 'later'], 'mcp:test-server']);
    expect(mcp.tools.map((t) => t.name)).toEqual(['wait', 'later']);
    expect(await mcp.tools[1]!.execute({}, { idempotencyKey: 'k', signal: new AbortController().signal } as never)).toBe('later ok');
  });

  it('falls back to the legacy HTTP+SSE transport for a server that only speaks it', async () => {
    const server = await httpMcpServer('sse', (s) =>
      s.registerTool('echo', { description: 'Echoes.', inputSchema: { text: z.string() } }, ({ text }) => ({
        content: [{ type: 'text', text }],
      })),
    );
    closers.push(server.close);
    const mcp = await connect({ url: server.url });
    expect(mcp.transport).toBe('sse');
    expect(await mcp.tools[0]!.execute({ text: 'over sse' }, { idempotencyKey: 'k', signal: new AbortController().signal } as never)).toBe(
      'over sse',
    );
    // The Streamable HTTP attempt came first, and was refused.
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/mcp' });
  });
});

describe('mcpTools refusals', () => {
  it('refuses bad options, and servers it cannot reach, with typed errors', async () => {
    for (const bad of [
      {},
      { command: 'x', url: 'http://x' },
      { url: 'ftp://x' },
      { command: 'x', toolNamePrefix: 'a b' },
      { url: 'http://x', timeoutMs: 0 },
    ])
      await expect(mcpTools(bad as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', name: 'McpError' });
    await expect(mcpTools({ command: join(tmpdir(), 'no-such-mcp-server'), stderr: 'ignore' })).rejects.toMatchObject({
      code: 'MCP_CONNECT_FAILED',
    });
    await expect(mcpTools({ url: 'http://127.0.0.1:9/mcp' })).rejects.toMatchObject({
      code: 'MCP_CONNECT_FAILED',
      message: expect.stringContaining('http://127.0.0.1:9/mcp'),
    });
  });
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { chatModelAgent, tool } from '@weft/agents';
import { END, START, graph, interrupt } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serveMcp, type ServedMcp } from '../index.ts';

/** An expense is paid; over 100 it needs an approval first (an interrupt). */
const expense = () =>
  graph({ name: 'expense', input: z.object({ who: z.string(), amount: z.number() }) })
    .addNode('approve', (e: { who: string; amount: number }) => {
      if (e.amount <= 100) return e;
      const decision = interrupt<{ approved: boolean }>({ question: `Approve ${e.amount} for ${e.who}?` });
      return decision.approved ? e : { ...e, amount: 0 };
    })
    .addNode('pay', (e: { who: string; amount: number }) => `paid ${e.amount} to ${e.who}`)
    .addEdge(START, 'approve')
    .addEdge('approve', 'pay')
    .addEdge('pay', END)
    .compile();

const served: ServedMcp[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(served.splice(0).map((s) => s.close()));
});

/** An SDK client on the served URL; with `answer`, it declares elicitation and answers each request with it (recording them). */
async function clientOf(
  url: string,
  answer?: (req: ElicitRequest['params']) => { action: 'accept' | 'decline'; content?: Record<string, unknown> },
) {
  const asked: ElicitRequest['params'][] = [];
  const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: answer ? { elicitation: {} } : {} });
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, (req) => {
      asked.push(req.params);
      return answer(req.params);
    });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  clients.push(client);
  return { client, asked };
}

describe('serveMcp: a Weft target as an MCP server tool, driven by the SDK client', () => {
  it("a graph: its input schema is the tool's; an interrupt is asked through elicitation and the run finishes", async () => {
    const server = await serveMcp(expense(), { transport: 'http' });
    served.push(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client, asked } = await clientOf(server.url!, () => ({ action: 'accept', content: { value: '{"approved":true}' } }));
    const { tools } = await client.listTools();
    expect(tools).toEqual([
      {
        name: 'expense',
        description: 'Runs the graph expense',
        inputSchema: expect.objectContaining({
          type: 'object',
          properties: { who: { type: 'string' }, amount: { type: 'number' } },
          required: ['who', 'amount'],
        }),
      },
    ]);
    expect(await client.callTool({ name: 'expense', arguments: { who: 'Ann', amount: 50 } })).toEqual({
      content: [{ type: 'text', text: 'paid 50 to Ann' }],
    });
    expect(asked).toEqual([]);
    expect(await client.callTool({ name: 'expense', arguments: { who: 'Bo', amount: 500 } })).toEqual({
      content: [{ type: 'text', text: 'paid 500 to Bo' }],
    });
    expect(asked).toEqual([
      {
        mode: 'form',
        message: 'Approve 500 for Bo?',
        requestedSchema: expect.objectContaining({
          type: 'object',
          properties: { value: expect.objectContaining({ type: 'string' }) },
          required: ['value'],
        }),
      },
    ]);
    // Bad arguments: the graph's input schema refuses them, as the tool's error.
    const bad = await client.callTool({ name: 'expense', arguments: { who: 'Cy' } });
    expect(bad).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/INPUT_INVALID|amount/) }] });
  });

  it('a client without elicitation gets a tool error naming the interrupt; a declined answer stops the run', async () => {
    const server = await serveMcp(expense(), { transport: 'http' });
    served.push(server);
    const plain = await clientOf(server.url!);
    expect(await plain.client.callTool({ name: 'expense', arguments: { who: 'Bo', amount: 500 } })).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'the run stopped at interrupt approve#0 ({"question":"Approve 500 for Bo?"}), and this client cannot answer it: it did not declare the elicitation capability. Use a client that supports elicitation, or run the target with the weft command to answer interrupts.',
        },
      ],
    });
    const declining = await clientOf(server.url!, () => ({ action: 'decline' }));
    expect(await declining.client.callTool({ name: 'expense', arguments: { who: 'Bo', amount: 500 } })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'the user did not answer interrupt approve#0 (decline); the run stopped there' }],
    });
  });

  it("an agent: takes a query; a tool approval is a yes/no form; the tool runs once, approved, and the answer is the tool's result", async () => {
    const refunds: number[] = [];
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
    const agent = chatModelAgent({ name: 'Billing', description: 'Handles refunds.', model, tools: [refund] });
    const server = await serveMcp(agent, { transport: 'http' });
    served.push(server);
    const { client, asked } = await clientOf(server.url!, () => ({ action: 'accept', content: { approved: true } }));
    expect((await client.listTools()).tools).toEqual([
      {
        name: 'Billing',
        description: 'Handles refunds.',
        inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to ask Billing' } }, required: ['query'] },
      },
    ]);
    expect(await client.callTool({ name: 'Billing', arguments: { query: 'refund order 7' } })).toEqual({
      content: [{ type: 'text', text: 'Done: refunded 40' }],
    });
    expect(refunds).toEqual([40]);
    expect(asked).toEqual([
      {
        mode: 'form',
        message: 'Allow the call refund({"amount":40})? (interrupt agent:Billing/tool:refund:r1#0)',
        requestedSchema: {
          type: 'object',
          properties: {
            approved: { type: 'boolean', title: 'Approve the call' },
            reason: { type: 'string', title: 'Reason (when refusing)' },
          },
          required: ['approved'],
        },
      },
    ]);
    expect(await client.callTool({ name: 'Billing', arguments: {} })).toMatchObject({ isError: true });
  });
});

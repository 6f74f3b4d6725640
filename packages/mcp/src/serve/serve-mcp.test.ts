import { chatModelAgent, tool } from '@weft/agents';
import { END, MemoryStore, START, graph, interrupt } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientOf, closeAll, expense, track } from '../../test-support/serve-harness.ts';
import { createMcpServer, serveMcp } from '../index.ts';

afterEach(closeAll);

describe('serveMcp: a Weft target as an MCP server tool, driven by the SDK client', () => {
  it("a graph: its input schema is the tool's; an interrupt is asked through elicitation and the run finishes", async () => {
    const server = track(await serveMcp(expense(), { transport: 'http' }));
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
    const server = track(await serveMcp(expense(), { transport: 'http' }));
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
    const server = track(await serveMcp(agent, { transport: 'http' }));
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

/** A parcel is sent where the user says: the interrupt's resume schema is a nested object. */
const shipping = () =>
  graph({ name: 'ship', input: z.object({ item: z.string() }) })
    .addNode('address', (s: { item: string }) => {
      const to = interrupt(
        { question: `Where should the ${s.item} go?` },
        {
          resume: z.object({
            name: z.string(),
            address: z.object({ city: z.string(), zip: z.string().regex(/^\d{4,5}$/), floor: z.number().int().optional() }),
            gift: z.object({ note: z.string() }).optional(),
          }),
        },
      );
      return { item: s.item, to };
    })
    .addEdge(START, 'address')
    .addEdge('address', END)
    .compile();

describe('serveMcp: an interrupt with a nested resume schema is a flat form; the run checks the value it makes', () => {
  it('the client answers with dotted keys; the run gets the nested value and finishes with it', async () => {
    const server = track(await serveMcp(shipping(), { transport: 'http' }));
    const answer = { name: 'Ann', 'address.city': 'Oslo', 'address.zip': '0150', 'address.floor': 3, 'gift.note': '' };
    const { client, asked } = await clientOf(server.url!, () => ({ action: 'accept', content: answer }));
    const to = { name: 'Ann', address: { city: 'Oslo', zip: '0150', floor: 3 } };
    expect(await client.callTool({ name: 'ship', arguments: { item: 'lamp' } })).toEqual({
      content: [{ type: 'text', text: JSON.stringify({ item: 'lamp', to }) }],
      structuredContent: { item: 'lamp', to },
    });
    expect(asked).toEqual([
      {
        mode: 'form',
        message: 'Where should the lamp go?',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            'address.city': { type: 'string', title: 'address › city' },
            'address.zip': { type: 'string', title: 'address › zip' },
            'address.floor': { type: 'integer', title: 'address › floor' },
            'gift.note': { type: 'string', title: 'gift › note' },
          },
          required: ['name', 'address.city', 'address.zip'],
        },
      },
    ]);
  });

  it('an answer the resume schema refuses is asked again, saying why; the next answer finishes the run', async () => {
    const server = track(await serveMcp(shipping(), { transport: 'http' }));
    // The form cannot carry the zip's pattern: the run checks it, against the whole resume schema.
    const answers = [
      { name: 'Bo', 'address.city': 'Rome', 'address.zip': 'ROMA' },
      { name: 'Bo', 'address.city': 'Rome', 'address.zip': '00184' },
    ];
    const { client, asked } = await clientOf(server.url!, () => ({ action: 'accept', content: answers.shift()! }));
    const to = { name: 'Bo', address: { city: 'Rome', zip: '00184' } };
    expect(await client.callTool({ name: 'ship', arguments: { item: 'vase' } })).toEqual({
      content: [{ type: 'text', text: JSON.stringify({ item: 'vase', to }) }],
      structuredContent: { item: 'vase', to },
    });
    expect(asked.map((q) => q.message)).toEqual([
      'Where should the vase go?',
      'The last answer was refused: RESUME_INVALID: the value for interrupt "address#0" does not match its resume schema: address.zip: Invalid string: must match pattern /^\\d{4,5}$/; the interrupt still waits: resume it again with a value that matches\n\nWhere should the vase go?',
    ]);
  });

  it('answers refused again and again end the call with the last refusal, after at most 20 questions', async () => {
    const server = track(await serveMcp(shipping(), { transport: 'http' }));
    const { client, asked } = await clientOf(server.url!, () => ({
      action: 'accept',
      content: { name: 'Bo', 'address.city': 'Rome', 'address.zip': 'ROMA' },
    }));
    const result = await client.callTool({ name: 'ship', arguments: { item: 'vase' } });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^RESUME_INVALID: .*address\.zip/) }],
    });
    expect(asked).toHaveLength(20);
  });

  it("keeps each call's thread in the store a graph was compiled with when the server is given none, and refuses a graph compiled with another store than the server's", async () => {
    const own = new MemoryStore();
    const server = track(await serveMcp(expense().withStore(own), { transport: 'http' }));
    const { client } = await clientOf(server.url!);
    expect(await client.callTool({ name: 'expense', arguments: { who: 'Ann', amount: 50 } })).toEqual({
      content: [{ type: 'text', text: 'paid 50 to Ann' }],
    });
    const threads = await own.threads();
    expect(threads.map((t) => [t.threadId.startsWith('mcp-'), t.status])).toEqual([[true, 'done']]);

    const other = new MemoryStore();
    expect(() => createMcpServer(expense().withStore(own), { store: other })).toThrow(
      expect.objectContaining({
        name: 'AgentError',
        code: 'RUN_TARGET_STORE',
        message:
          'createMcpServer(): graph "expense" was compiled with another store than the one given; compile it without a store (it gets this one) or with this store',
        details: { target: 'expense' },
      }),
    );
    expect([await other.threads(), (await own.threads()).length]).toEqual([[], 1]);
  });
});

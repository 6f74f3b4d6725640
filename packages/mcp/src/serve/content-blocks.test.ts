import { chatModelAgent, type ContentPart } from '@weft/agents';
import { END, START, graph } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientOf, closeAll, track } from '../../test-support/serve-harness.ts';
import { serveMcp } from '../index.ts';

afterEach(closeAll);

// Bytes that base64 must carry exactly: a PNG header, a zero and every high bit.
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80]);
const wav = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0x00, 0x00, 0x00]);
const pdf = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n');
const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

const painter = (parts: ContentPart[]) => chatModelAgent({ name: 'Painter', description: 'Draws.', model: scriptedModel([{ parts }]) });

describe('serveMcp: an answer with content parts is MCP content blocks', () => {
  it('text, image and audio bytes, a PDF as an embedded resource, media by URL as resource links; reasoning left out', async () => {
    const agent = painter([
      { type: 'reasoning', text: 'A cat, then the report.' },
      { type: 'text', text: 'Here is the cat:' },
      { type: 'image', mediaType: 'image/png', data: png },
      { type: 'audio', mediaType: 'audio/wav', data: wav },
      { type: 'file', mediaType: 'application/pdf', name: 'report.pdf', data: pdf },
      { type: 'file', mediaType: 'text/csv', data: new TextEncoder().encode('a,b\n1,2\n') },
      { type: 'image', url: 'https://example.com/cats/tabby.jpg' },
      { type: 'file', mediaType: 'application/pdf', name: 'q3.pdf', url: 'https://example.com/files/1234' },
      { type: 'image', url: `data:image/png;base64,${Buffer.from(png).toString('base64')}` },
      { type: 'text', text: 'Done.' },
    ]);
    const server = track(await serveMcp(agent, { transport: 'http' }));
    const { client } = await clientOf(server.url!);
    const result = await client.callTool({ name: 'Painter', arguments: { query: 'draw a cat' } });
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'Here is the cat:' },
        { type: 'image', mimeType: 'image/png', data: Buffer.from(png).toString('base64') },
        { type: 'audio', mimeType: 'audio/wav', data: Buffer.from(wav).toString('base64') },
        {
          type: 'resource',
          resource: { uri: 'weft:Painter/output/4/report.pdf', mimeType: 'application/pdf', blob: Buffer.from(pdf).toString('base64') },
        },
        {
          type: 'resource',
          resource: { uri: 'weft:Painter/output/5', mimeType: 'text/csv', blob: Buffer.from('a,b\n1,2\n').toString('base64') },
        },
        { type: 'resource_link', uri: 'https://example.com/cats/tabby.jpg', name: 'tabby.jpg' },
        { type: 'resource_link', uri: 'https://example.com/files/1234', name: 'q3.pdf', mimeType: 'application/pdf' },
        { type: 'image', mimeType: 'image/png', data: Buffer.from(png).toString('base64') },
        { type: 'text', text: 'Done.' },
      ],
    });
    const blocks = result.content as Array<{ type: string; data?: string; resource?: { blob?: string } }>;
    expect(bytes(blocks[1]!.data!)).toEqual(png);
    expect(bytes(blocks[3]!.resource!.blob!)).toEqual(pdf);
  });

  it('an answer of text parts alone (and reasoning) is the one text block it was', async () => {
    const agent = painter([
      { type: 'reasoning', text: 'Short.' },
      { type: 'text', text: 'No picture ' },
      { type: 'text', text: 'today.' },
    ]);
    const server = track(await serveMcp(agent, { transport: 'http' }));
    const { client } = await clientOf(server.url!);
    expect(await client.callTool({ name: 'Painter', arguments: { query: 'draw' } })).toEqual({
      content: [{ type: 'text', text: 'No picture today.' }],
    });
  });

  it('a tool with an outputSchema keeps its structured result, whatever parts the answer has', async () => {
    const agent = chatModelAgent({
      name: 'Counter',
      description: 'Counts.',
      outputSchema: z.object({ n: z.number() }),
      model: scriptedModel([
        {
          parts: [
            { type: 'text', text: '{"n":3}' },
            { type: 'image', mediaType: 'image/png', data: png },
          ],
        },
      ]),
    });
    const server = track(await serveMcp(agent, { transport: 'http' }));
    const { client } = await clientOf(server.url!);
    expect(await client.callTool({ name: 'Counter', arguments: { query: 'count' } })).toEqual({
      content: [{ type: 'text', text: '{"n":3}' }],
      structuredContent: { n: 3 },
    });
  });

  it("a graph whose output is content parts, or a message with them, answers with the parts' blocks", async () => {
    const chart = graph({ name: 'chart', input: z.object({ title: z.string() }) })
      .addNode('draw', (s: { title: string }): ContentPart[] => [
        { type: 'text', text: s.title },
        { type: 'image', mediaType: 'image/png', data: png },
      ])
      .addEdge(START, 'draw')
      .addEdge('draw', END)
      .compile();
    const reply = graph({ name: 'reply', input: z.object({ title: z.string() }) })
      .addNode('answer', (s: { title: string }) => ({
        role: 'assistant' as const,
        content: [{ type: 'file' as const, mediaType: 'application/pdf', name: `${s.title}.pdf`, data: pdf }],
      }))
      .addEdge(START, 'answer')
      .addEdge('answer', END)
      .compile();
    const charts = track(await serveMcp(chart, { transport: 'http' }));
    const replies = track(await serveMcp(reply, { transport: 'http' }));
    const a = await clientOf(charts.url!);
    const b = await clientOf(replies.url!);
    expect(await a.client.callTool({ name: 'chart', arguments: { title: 'Sales' } })).toEqual({
      content: [
        { type: 'text', text: 'Sales' },
        { type: 'image', mimeType: 'image/png', data: Buffer.from(png).toString('base64') },
      ],
    });
    expect(await b.client.callTool({ name: 'reply', arguments: { title: 'Q3' } })).toEqual({
      content: [
        {
          type: 'resource',
          resource: { uri: 'weft:reply/output/0/Q3.pdf', mimeType: 'application/pdf', blob: Buffer.from(pdf).toString('base64') },
        },
      ],
    });
  });
});

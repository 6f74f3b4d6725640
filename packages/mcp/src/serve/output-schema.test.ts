import { chatModelAgent } from '@weft/agents';
import { END, START, graph } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clientOf, closeAll, track } from '../../test-support/serve-harness.ts';
import { serveMcp } from '../index.ts';

afterEach(closeAll);

const forecast = z.object({ city: z.string(), celsius: z.number(), windy: z.boolean().default(false) });

describe("serveMcp: the tool's outputSchema, which the SDK client checks structuredContent against", () => {
  it('an agent with an outputSchema (Zod): the tool declares its output side; the structured answer validates', async () => {
    const model = scriptedModel([{ text: '{"city":"Oslo","celsius":4}' }], { repeatLast: true });
    const agent = chatModelAgent({ name: 'Forecast', description: 'The forecast of a city.', model, outputSchema: forecast });
    const server = track(await serveMcp(agent, { transport: 'http' }));
    const { client } = await clientOf(server.url!);
    const [listed] = (await client.listTools()).tools;
    // The output side: `windy` has a default, so the value the tool returns always has it.
    expect(listed!.outputSchema).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, celsius: { type: 'number' }, windy: { type: 'boolean', default: false } },
      required: ['city', 'celsius', 'windy'],
      additionalProperties: false,
    });
    // The SDK client validates structuredContent against the listed outputSchema (it throws when it does not match).
    expect(await client.callTool({ name: 'Forecast', arguments: { query: 'Oslo?' } })).toEqual({
      content: [{ type: 'text', text: '{"city":"Oslo","celsius":4,"windy":false}' }],
      structuredContent: { city: 'Oslo', celsius: 4, windy: false },
    });
  });

  it('an outputSchema that is not an object (a JSON Schema array) is declared as { result }, and so is the answer', async () => {
    const cities = { type: 'array', items: { type: 'string' } } as const;
    const model = scriptedModel([{ text: '["Oslo","Rome"]' }], { repeatLast: true });
    const agent = chatModelAgent({ name: 'Cities', description: 'Lists cities.', model, outputSchema: cities });
    const server = track(await serveMcp(agent, { transport: 'http' }));
    const { client } = await clientOf(server.url!);
    expect((await client.listTools()).tools[0]!.outputSchema).toEqual({
      type: 'object',
      properties: { result: cities },
      required: ['result'],
    });
    expect(await client.callTool({ name: 'Cities', arguments: { query: 'which?' } })).toEqual({
      content: [{ type: 'text', text: '["Oslo","Rome"]' }],
      structuredContent: { result: ['Oslo', 'Rome'] },
    });
  });

  it('a graph with an output schema declares it; an agent without one, or whose answer may come from another agent, declares none', async () => {
    const g = graph({ name: 'double', input: z.object({ n: z.number() }), output: z.object({ twice: z.number() }) })
      .addNode('double', (s: { n: number }) => ({ twice: s.n * 2 }))
      .addEdge(START, 'double')
      .addEdge('double', END)
      .compile();
    const served = track(await serveMcp(g, { transport: 'http' }));
    const { client } = await clientOf(served.url!);
    expect((await client.listTools()).tools[0]!.outputSchema).toMatchObject({
      type: 'object',
      properties: { twice: { type: 'number' } },
      required: ['twice'],
    });
    expect(await client.callTool({ name: 'double', arguments: { n: 21 } })).toMatchObject({ structuredContent: { twice: 42 } });

    const plain = chatModelAgent({ name: 'Plain', description: '', model: scriptedModel([{ text: 'hi' }]) });
    const other = track(await serveMcp(plain, { transport: 'http' }));
    const listed = (await (await clientOf(other.url!)).client.listTools()).tools[0]!;
    expect(listed).not.toHaveProperty('outputSchema');
  });
});

import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatModelAgent, Runner, tool, type Tool } from '../index.ts';

/** One tool, four ways: what the model is given and how bad arguments are answered must not depend on the library. */
type Forecast = { city: string; units?: 'celsius' | 'fahrenheit'; tags: string[]; verbose: boolean };
const UNITS = ['celsius', 'fahrenheit'] as const;
const TAGS = 'Labels to filter by.';

const SPEC = {
  name: 'forecast',
  description: 'The forecast of a city.',
  parameters: {
    type: 'object',
    properties: {
      city: { type: 'string' },
      units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      tags: { type: 'array', items: { type: 'string' }, description: TAGS },
      verbose: { type: 'boolean' },
    },
    required: ['city', 'tags', 'verbose'],
  },
};

function forecastTool(parameters: Tool['parameters'], executed: Forecast[]) {
  return tool<Forecast>({
    name: 'forecast',
    description: 'The forecast of a city.',
    parameters,
    execute: (args) => (executed.push(args), `sunny in ${args.city}`),
  });
}

// Each library, with the message it gives for `city: 3` (the model is told it, after the path).
const LIBRARIES = {
  zod: {
    schema: z.object({ city: z.string(), units: z.enum(UNITS).optional(), tags: z.array(z.string()).describe(TAGS), verbose: z.boolean() }),
    cityMessage: 'city: Invalid input: expected string, received number',
  },
  valibot: {
    schema: toStandardJsonSchema(
      v.object({
        city: v.string(),
        units: v.optional(v.picklist(UNITS)),
        tags: v.pipe(v.array(v.string()), v.description(TAGS)),
        verbose: v.boolean(),
      }),
    ),
    cityMessage: 'city: Invalid type: Expected string but received 3',
  },
  arktype: {
    schema: type({ city: 'string', 'units?': type.enumerated(...UNITS), tags: type('string[]').describe(TAGS), verbose: 'boolean' }),
    cityMessage: 'city: city must be a string (was a number)',
  },
  'JSON Schema': { schema: SPEC.parameters, cityMessage: 'arguments/city must be string' },
};

describe('the same tool with Zod, Valibot, ArkType and JSON Schema', () => {
  it.each(Object.entries(LIBRARIES))('%s: the model gets the same spec', (name, { schema }) => {
    const { spec } = forecastTool(schema, []);
    // ArkType writes a string enum without `type: 'string'` (the same set of values).
    if (name === 'arktype') {
      const { type: _string, ...units } = SPEC.parameters.properties.units;
      expect(spec).toEqual({ ...SPEC, parameters: { ...SPEC.parameters, properties: { ...SPEC.parameters.properties, units } } });
    } else expect(spec).toEqual(SPEC);
  });

  it.each(Object.entries(LIBRARIES))(
    '%s: bad arguments go back to the model with the library message; good ones execute once',
    async (_, { schema, cityMessage }) => {
      const executed: Forecast[] = [];
      const model = scriptedModel([
        { toolCalls: [{ name: 'forecast', arguments: { city: 3, tags: [], verbose: true }, id: 'c1' }] },
        { toolCalls: [{ name: 'forecast', arguments: { city: 'Oslo', units: 'celsius', tags: ['sea'], verbose: false }, id: 'c2' }] },
        { text: 'Sunny.' },
      ]);
      const agent = chatModelAgent({ name: 'A', description: '', model, tools: [forecastTool(schema, executed)] });
      const done = await new Runner({ agent }).query('Forecast for Oslo?');
      expect(done.status).toBe('done');
      expect(model.calls[2]!.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
        `Error: invalid arguments for forecast: ${cityMessage}`,
        'sunny in Oslo',
      ]);
      expect(done.events.filter((e) => e.output?.role === 'tool').map((e) => e.error?.code ?? 'ok')).toEqual([
        'TOOL_ARGUMENTS_INVALID',
        'ok',
      ]);
      expect(executed).toEqual([{ city: 'Oslo', units: 'celsius', tags: ['sea'], verbose: false }]);
    },
  );
});

describe('what a Standard Schema gives reaches execute', () => {
  it('Zod defaults and transforms: execute and needsApproval get the output, the approval shows the arguments as sent', async () => {
    const executed: unknown[] = [];
    const approvals: unknown[] = [];
    const book = tool({
      name: 'book',
      description: 'Books a hotel.',
      parameters: z.object({ city: z.string().transform((c) => c.toUpperCase()), nights: z.number().int().default(1) }),
      needsApproval: (args) => (approvals.push(args), args.nights > 2),
      execute: ({ city, nights }) => (executed.push({ city, nights }), `booked ${nights} in ${city}`),
    });
    expect(book.spec.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string' },
        nights: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number), default: 1 },
      },
      required: ['city'],
    });
    const calls = [
      { name: 'book', arguments: { city: 'oslo' }, id: 'b1' },
      { name: 'book', arguments: { city: 'lima', nights: 3 }, id: 'b2' },
    ];
    // The resumed process's model goes on after the calls.
    const agent = (first: boolean) =>
      chatModelAgent({
        name: 'A',
        description: '',
        model: scriptedModel(first ? [{ toolCalls: calls }] : [{ text: 'Booked.' }]),
        tools: [book],
      });
    const store = new MemoryStore();
    const paused = await new Runner({ agent: agent(true), store }).query('go');
    expect(paused.interrupts.map((i) => i.info)).toEqual([{ tool: 'book', arguments: { city: 'lima', nights: 3 } }]);
    expect(executed).toEqual([{ city: 'OSLO', nights: 1 }]);
    const done = await new Runner({ agent: agent(false), store }).resume(paused.checkpointId!, {
      resume: { [paused.interrupts[0]!.id]: { approved: true, arguments: { city: 'quito' } } },
    });
    expect(done.status).toBe('done');
    expect(executed).toEqual([
      { city: 'OSLO', nights: 1 },
      { city: 'QUITO', nights: 1 },
    ]);
    expect(approvals).toEqual([
      { city: 'OSLO', nights: 1 },
      { city: 'LIMA', nights: 3 },
      { city: 'LIMA', nights: 3 },
    ]);
  });

  it('an asynchronous refinement is awaited; its message goes to the model', async () => {
    const known = new Set(['Oslo']);
    const lookup = tool({
      name: 'lookup',
      description: '',
      parameters: z.object({ city: z.string() }).refine(async ({ city }) => known.has(city), { message: 'unknown city', path: ['city'] }),
      execute: ({ city }) => `found ${city}`,
    });
    await expect(lookup.check({ city: 'Oslo' })).resolves.toEqual({ ok: true, value: { city: 'Oslo' } });
    const model = scriptedModel([
      { toolCalls: [{ name: 'lookup', arguments: { city: 'Atlantis' } }] },
      { toolCalls: [{ name: 'lookup', arguments: { city: 'Oslo' } }] },
      { text: 'ok' },
    ]);
    await new Runner({ agent: chatModelAgent({ name: 'A', description: '', model, tools: [lookup] }) }).query('go');
    expect(model.calls[2]!.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
      'Error: invalid arguments for lookup: city: unknown city',
      'found Oslo',
    ]);
  });

  it('converts the schema once, when the tool is defined, not per model step', async () => {
    const schema = z.object({ n: z.number() });
    const props = schema['~standard'] as unknown as { jsonSchema: { input: (o: unknown) => unknown } };
    const convert = props.jsonSchema.input;
    let conversions = 0;
    props.jsonSchema.input = (options) => (conversions++, convert(options));
    const count = tool({ name: 'count', description: '', parameters: schema, execute: ({ n }) => n + 1 });
    const call = { toolCalls: [{ name: 'count', arguments: { n: 1 } }] };
    const model = scriptedModel([call, call, call, { text: 'done' }]);
    await new Runner({ agent: chatModelAgent({ name: 'A', description: '', model, tools: [count] }) }).query('go');
    expect([conversions, model.calls.length]).toEqual([1, 4]);
    expect(model.calls.map((c) => c.tools[0]?.parameters)).toEqual(Array(4).fill(count.spec.parameters));
  });
});

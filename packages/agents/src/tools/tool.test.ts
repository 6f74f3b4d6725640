import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool } from './tool.ts';

const add = tool<{ a: number; b: number }>({
  name: 'add',
  description: 'Adds two numbers.',
  parameters: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  execute: ({ a, b }) => a + b,
});

describe('tool()', () => {
  it('exposes the spec the model sees and validates arguments against the JSON Schema', () => {
    expect(add.spec).toEqual({ name: 'add', description: 'Adds two numbers.', parameters: add.parameters });
    expect(add.check({ a: 1, b: 2 })).toEqual({ ok: true, value: { a: 1, b: 2 } });
    expect(add.check({ a: 1 })).toEqual({ ok: false, message: "arguments must have required property 'b'" });
    expect(add.check({ a: 'x', b: 2, c: 3 })).toEqual({
      ok: false,
      message: 'arguments must NOT have additional properties, arguments/a must be number',
    });
    expect(add.check('nope')).toEqual({ ok: false, message: 'arguments must be object' });
  });

  it('rejects a bad definition at once with TOOL_DEFINITION_INVALID', () => {
    const base = { name: 'ok', description: 'd', parameters: { type: 'object' }, execute: () => 1 };
    const cases: [object, RegExp][] = [
      [{ ...base, name: 'has space' }, /name must be/],
      [{ ...base, name: '' }, /name must be/],
      [{ ...base, description: 3 }, /description must be a string/],
      [{ ...base, execute: 'x' }, /execute must be a function/],
      [{ ...base, parameters: { type: 'string' } }, /type "object"/],
      [{ ...base, parameters: { type: 'object', properties: { a: { type: 'nonsense' } } } }, /not a valid JSON Schema/],
    ];
    for (const [config, message] of cases) {
      expect(() => tool(config as never)).toThrow(
        expect.objectContaining({ code: 'TOOL_DEFINITION_INVALID', message: expect.stringMatching(message) }),
      );
    }
    expect(() => tool(null as never)).toThrow(expect.objectContaining({ code: 'TOOL_DEFINITION_INVALID' }));
  });

  it('rejects a Standard Schema it cannot give the model, saying what to do', () => {
    const base = { name: 'w', description: 'd', execute: () => 1 };
    const cases: [object, string | RegExp][] = [
      [
        { ...base, parameters: v.object({ city: v.string() }) },
        /^tool "w": this valibot schema has no JSON Schema converter .*wrap a Valibot schema with toStandardJsonSchema\(\) from @valibot\/to-json-schema/,
      ],
      [
        { ...base, parameters: z.string() },
        'tool "w": parameters must describe an object (its JSON Schema has type "string", not type "object")',
      ],
      [{ ...base, parameters: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]) }, /has no type, not type "object"/],
      [
        { ...base, parameters: z.object({ id: z.bigint() }) },
        'tool "w": the schema cannot be written as JSON Schema: BigInt cannot be represented in JSON Schema',
      ],
      [{ ...base, parameters: z.object({}), jsonSchema: { type: 'array' } }, /has type "array", not type "object"/],
      [{ ...base, parameters: { type: 'object' }, jsonSchema: { type: 'object' } }, /jsonSchema is only for a Standard Schema/],
    ];
    for (const [config, message] of cases) {
      const expected = typeof message === 'string' ? message : expect.stringMatching(message);
      expect(() => tool(config as never)).toThrow(expect.objectContaining({ code: 'TOOL_DEFINITION_INVALID', message: expected }));
    }
  });

  it('jsonSchema: the JSON Schema for a library without a converter; its own validator still checks', () => {
    const jsonSchema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const weather = tool({
      name: 'w',
      description: 'd',
      parameters: v.object({ city: v.pipe(v.string(), v.minLength(2)) }),
      jsonSchema,
      execute: ({ city }) => city,
    });
    expect(weather.spec.parameters).toBe(jsonSchema);
    expect(weather.check({ city: 'X' })).toEqual({ ok: false, message: 'city: Invalid length: Expected >=2 but received 1' });
    // It also replaces what a converter would write.
    const wrapped = toStandardJsonSchema(v.object({ city: v.string() }));
    expect(tool({ name: 'w', description: 'd', parameters: wrapped, jsonSchema, execute: () => 1 }).spec.parameters).toBe(jsonSchema);
  });

  it('a Standard Schema checks synchronously when the library does; the value is its output', () => {
    const t = tool({
      name: 'w',
      description: 'd',
      parameters: z.object({ city: z.string().trim(), days: z.number().default(3) }),
      execute: ({ city, days }) => `${city} ${days}`,
    });
    expect(t.check({ city: ' Oslo ' })).toEqual({ ok: true, value: { city: 'Oslo', days: 3 } });
    expect(t.check('nope')).toEqual({ ok: false, message: 'Invalid input: expected object, received string' });
  });
});

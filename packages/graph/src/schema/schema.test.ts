import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkWithSchema, checkWithSchemaSync } from './check-with-schema.ts';
import { jsonSchemaOf } from './json-schema-of.ts';
import { isStandardSchema } from './standard-schema.ts';

const CITY = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const libraries = {
  zod: z.object({ city: z.string() }),
  valibot: toStandardJsonSchema(v.object({ city: v.string() })),
  arktype: type({ city: 'string' }),
};

describe('Standard Schemas', () => {
  it.each(Object.entries(libraries))(
    '%s: recognised, written as the same JSON Schema, validated by its own validator',
    async (_, schema) => {
      expect(isStandardSchema(schema)).toBe(true);
      expect(jsonSchemaOf(schema, 'input', 'here')).toMatchObject(CITY);
      expect(jsonSchemaOf(schema, 'input', 'here')).not.toHaveProperty('$schema');
      expect(await checkWithSchema(schema, { city: 'Oslo' })).toEqual({ ok: true, value: { city: 'Oslo' } });
      const bad = await checkWithSchema(schema, { city: 3 });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.message).toMatch(/^city: .*string/i);
    },
  );

  it('is not fooled by plain objects, JSON Schemas or null', () => {
    for (const value of [null, undefined, 3, 'x', CITY, { '~standard': {} }, { '~standard': null }])
      expect(isStandardSchema(value)).toBe(false);
  });

  it('a schema without a JSON Schema converter is a typed error saying what to do', () => {
    expect(() => jsonSchemaOf(v.object({ city: v.string() }), 'input', 'tool "weather"')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^tool "weather": .*toStandardJsonSchema/) }),
    );
  });

  it('sync checks refuse async schemas with a typed error', () => {
    const slow = z.object({ a: z.string() }).refine(async () => true);
    expect(() => checkWithSchemaSync(slow, { a: 'x' }, 'graph "g" state')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^graph "g" state: .*asynchronously/) }),
    );
    expect(checkWithSchemaSync(z.object({ n: z.number().default(2) }), {}, 'x')).toEqual({ ok: true, value: { n: 2 } });
  });

  it('joins every issue, each with its path', async () => {
    const bad = await checkWithSchema(z.object({ a: z.string(), b: z.object({ c: z.number() }) }), { a: 1, b: { c: 'x' } });
    expect(bad.ok ? '' : bad.message).toMatch(/^a: .+; b\.c: .+/);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleValue } from './example-value.ts';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;

describe('exampleValue', () => {
  it('writes what the schema fixes and a <type> placeholder for every other leaf', () => {
    expect(exampleValue(json(z.object({ approved: z.boolean(), note: z.string().optional() })))).toBe('{"approved":<boolean>}');
    expect(exampleValue(json(z.object({ n: z.number().int(), tags: z.array(z.string()), kind: z.literal('x') })))).toBe(
      '{"n":<integer>,"tags":[<string>],"kind":"x"}',
    );
    expect(exampleValue(json(z.enum(['draft', 'final'])))).toBe('<"draft"|"final">');
    expect(exampleValue(json(z.string().nullable()))).toBe('<string|null>');
    expect(exampleValue(json(z.object({ a: z.string().optional(), b: z.number().optional() })))).toBe('{"a":<string>,"b":<number>}');
    expect(exampleValue(json(z.object({ by: z.object({ name: z.string() }) })))).toBe('{"by":{"name":<string>}}');
  });

  it('gives up (the caller prints <json>) when the schema says too little, too much, or is not a schema', () => {
    expect(exampleValue({})).toBeUndefined();
    expect(exampleValue(json(z.any()))).toBeUndefined();
    expect(exampleValue(null)).toBeUndefined();
    expect(exampleValue('string')).toBeUndefined();
    expect(exampleValue({ type: 'object', properties: { constructor: 1 }, required: ['constructor'] })).toBeUndefined();
    const wide = z.object(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`field${i}`, z.string()])));
    expect(exampleValue(json(wide))).toBeUndefined();
    let deep: z.ZodType = z.string();
    for (let i = 0; i < 8; i++) deep = z.object({ d: deep });
    expect(exampleValue(json(deep))).toBeUndefined();
  });
});

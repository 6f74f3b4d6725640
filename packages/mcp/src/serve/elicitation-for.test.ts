import type { InterruptRecord } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { elicitationFor } from './elicitation-for.ts';

/** An interrupt record as a run reports it, asking `question`, with `resumeSchema` when given. */
const asking = (resumeSchema?: Record<string, unknown>, info: unknown = { question: 'What now?' }): InterruptRecord => ({
  id: 'ask#0',
  address: 'ask',
  path: ['ask'],
  info,
  ...(resumeSchema ? { resumeSchema } : {}),
});

/** The JSON Schema a run's interrupt record carries for a Zod resume schema (the values it accepts). */
const recordOf = (schema: z.ZodType): Record<string, unknown> => z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;

const JSON_HINT = '(text that is not JSON is taken as a string)';

describe('elicitationFor: the form an interrupt asks with, and the resume value its answer makes', () => {
  it('a tool approval: approved and an optional reason, whatever the resume schema', () => {
    const form = elicitationFor({ ...asking(undefined, { tool: 'refund', arguments: { amount: 40 } }), id: 'a/tool:refund:r1#0' });
    expect(form.message).toBe('Allow the call refund({"amount":40})? (interrupt a/tool:refund:r1#0)');
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: { approved: { type: 'boolean', title: 'Approve the call' }, reason: { type: 'string', title: 'Reason (when refusing)' } },
      required: ['approved'],
    });
    expect(form.toValue({ approved: true, reason: '' })).toEqual({ approved: true });
    expect(form.toValue({ approved: false, reason: 'too much' })).toEqual({ approved: false, reason: 'too much' });
  });

  it('no resume schema: one JSON text field; text that is not JSON is a string', () => {
    const form = elicitationFor(asking(undefined, { step: 2 }));
    expect(form.message).toBe('The run asks: {"step":2} (interrupt ask#0)');
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: { value: { type: 'string', title: 'Answer', description: `The value to resume with; as JSON ${JSON_HINT}` } },
      required: ['value'],
    });
    expect(form.toValue({ value: '{"approved":true}' })).toEqual({ approved: true });
    expect(form.toValue({ value: '[1, 2]' })).toEqual([1, 2]);
    expect(form.toValue({ value: 'yes please' })).toBe('yes please');
  });

  it('a flat object: its fields, with only what a form can carry; optional fields left empty are left out', () => {
    const schema = recordOf(
      z.object({
        name: z
          .string()
          .min(1)
          .regex(/^[A-Z]/)
          .describe('Who signs'),
        email: z.email().optional(),
        seats: z.number().int().min(1).max(9),
        vip: z.boolean().default(false),
      }),
    );
    const form = elicitationFor(asking(schema));
    expect(form.message).toBe('What now?');
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Who signs', minLength: 1 },
        email: { type: 'string', format: 'email' },
        seats: { type: 'integer', minimum: 1, maximum: 9 },
        vip: { type: 'boolean', default: false },
      },
      required: ['name', 'seats'],
    });
    expect(form.toValue({ name: 'Ann', email: '', seats: 2 })).toEqual({ name: 'Ann', seats: 2 });
    expect(form.toValue({ name: 'Ann', email: 'ann@example.com', seats: 2, vip: true })).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      seats: 2,
      vip: true,
    });
  });

  it('a nested object: dotted keys, titles from the path, required only along required objects; the answer is nested again', () => {
    const schema = recordOf(
      z.object({
        name: z.string(),
        address: z.object({ city: z.string(), zip: z.string().optional(), geo: z.object({ lat: z.number(), lng: z.number() }) }),
        billing: z.object({ company: z.string(), vat: z.string().optional() }).optional().meta({ title: 'Billing details' }),
        prefs: z.object({ note: z.string().optional() }),
      }),
    );
    const form = elicitationFor(asking(schema));
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        'address.city': { type: 'string', title: 'address › city' },
        'address.zip': { type: 'string', title: 'address › zip' },
        'address.geo.lat': { type: 'number', title: 'address › geo › lat' },
        'address.geo.lng': { type: 'number', title: 'address › geo › lng' },
        'billing.company': { type: 'string', title: 'Billing details › company' },
        'billing.vat': { type: 'string', title: 'Billing details › vat' },
        'prefs.note': { type: 'string', title: 'prefs › note' },
      },
      required: ['name', 'address.city', 'address.geo.lat', 'address.geo.lng'],
    });
    // Optional fields left empty are left out; so is an optional object left empty; a required one stays, empty.
    expect(
      form.toValue({ name: 'Ann', 'address.city': 'Oslo', 'address.zip': '', 'address.geo.lat': 59.9, 'address.geo.lng': 10.7 }),
    ).toEqual({ name: 'Ann', address: { city: 'Oslo', geo: { lat: 59.9, lng: 10.7 } }, prefs: {} });
    expect(
      form.toValue({
        name: 'Bo',
        'address.city': 'Rome',
        'address.zip': '00100',
        'address.geo.lat': 41.9,
        'address.geo.lng': 12.5,
        'billing.company': 'Acme',
        'prefs.note': 'ring twice',
      }),
    ).toEqual({
      name: 'Bo',
      address: { city: 'Rome', zip: '00100', geo: { lat: 41.9, lng: 12.5 } },
      billing: { company: 'Acme' },
      prefs: { note: 'ring twice' },
    });
  });

  it('objects four keys down are asked as JSON text', () => {
    const deep = { type: 'object', properties: { e: { type: 'string' } }, required: ['e'] };
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: deep } } } } } },
      },
    };
    const form = elicitationFor(asking(schema));
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: {
        'a.b.c.d': {
          type: 'string',
          title: 'a › b › c › d',
          description: `As JSON matching {"type":"object","properties":{"e":{"type":"string"}},"required":["e"]} ${JSON_HINT}`,
        },
      },
    });
    expect(form.toValue({ 'a.b.c.d': '{"e":"x"}' })).toEqual({ a: { b: { c: { d: { e: 'x' } } } } });
  });

  it('fields that cannot be form fields (an array, a union of types, an enum of numbers) take JSON text', () => {
    const schema = recordOf(
      z.object({
        tags: z.array(z.string()).describe('Labels'),
        limit: z.union([z.number(), z.string()]).optional(),
        level: z.union([z.literal(1), z.literal(2)]),
      }),
    );
    const form = elicitationFor(asking(schema));
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: {
        tags: { type: 'string', description: `Labels; as JSON matching {"type":"array","items":{"type":"string"}} ${JSON_HINT}` },
        limit: { type: 'string', description: `As JSON matching {"type":["number","string"]} ${JSON_HINT}` },
        level: {
          type: 'string',
          description: `As JSON matching {"anyOf":[{"type":"number","const":1},{"type":"number","const":2}]} ${JSON_HINT}`,
        },
      },
      required: ['tags', 'level'],
    });
    expect(form.toValue({ tags: '["a","b"]', limit: 'none', level: '2' })).toEqual({ tags: ['a', 'b'], limit: 'none', level: 2 });
    expect(form.toValue({ tags: '[]', limit: '', level: '1' })).toEqual({ tags: [], level: 1 });
  });

  it('string enums pass through as enums; a const and a oneOf or anyOf of string consts become enums, with their titles as enumNames', () => {
    const schema = {
      type: 'object',
      properties: {
        size: { type: 'string', enum: ['s', 'm', 'l'], default: 'm' },
        legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
        only: { const: 'yes' },
        titled: {
          oneOf: [
            { const: 'eu', title: 'Europe' },
            { const: 'us', title: 'United States' },
          ],
        },
        union: recordOf(z.union([z.literal('fast'), z.literal('cheap')])),
      },
      required: ['size'],
    };
    expect(elicitationFor(asking(schema)).requestedSchema).toEqual({
      type: 'object',
      properties: {
        size: { type: 'string', enum: ['s', 'm', 'l'], default: 'm' },
        legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
        only: { type: 'string', enum: ['yes'] },
        titled: { type: 'string', enum: ['eu', 'us'], enumNames: ['Europe', 'United States'] },
        union: { type: 'string', enum: ['fast', 'cheap'] },
      },
      required: ['size'],
    });
  });

  it('a primitive resume schema: one value field of its type, and the bare value', () => {
    const cases: [z.ZodType, Record<string, unknown>, unknown][] = [
      [z.boolean(), { type: 'boolean', title: 'Answer' }, true],
      [
        z.string().min(2).max(40).describe('Your name'),
        { type: 'string', title: 'Answer', description: 'Your name', minLength: 2, maxLength: 40 },
        'Ann',
      ],
      [z.number().min(0), { type: 'number', title: 'Answer', minimum: 0 }, 2.5],
      [z.number().int().max(10).meta({ title: 'Seats' }), { type: 'integer', title: 'Seats', maximum: 10 }, 3],
      [z.enum(['yes', 'no']), { type: 'string', title: 'Answer', enum: ['yes', 'no'] }, 'no'],
      [z.iso.date(), { type: 'string', title: 'Answer', format: 'date' }, '2026-01-31'],
    ];
    for (const [schema, field, answer] of cases) {
      const form = elicitationFor(asking(recordOf(schema)));
      expect(form.requestedSchema).toEqual({ type: 'object', properties: { value: field }, required: ['value'] });
      expect(form.toValue({ value: answer })).toBe(answer);
    }
  });

  it('a resume schema that is no object and no field (an array) is one JSON text field with the schema', () => {
    const form = elicitationFor(asking(recordOf(z.array(z.number()))));
    expect(form.requestedSchema).toEqual({
      type: 'object',
      properties: {
        value: { type: 'string', title: 'Answer', description: `As JSON matching {"type":"array","items":{"type":"number"}} ${JSON_HINT}` },
      },
      required: ['value'],
    });
    expect(form.toValue({ value: '[1,2]' })).toEqual([1, 2]);
    expect(form.toValue({ value: 'one' })).toBe('one');
  });

  it('two fields that would share a dotted key: the whole value as JSON text; a key named __proto__ stays a key', () => {
    const clash = {
      type: 'object',
      properties: { 'a.b': { type: 'string' }, a: { type: 'object', properties: { b: { type: 'string' } } } },
    };
    const form = elicitationFor(asking(clash));
    expect(Object.keys(form.requestedSchema.properties)).toEqual(['value']);
    expect(form.toValue({ value: '{"a.b":"x","a":{"b":"y"}}' })).toEqual({ 'a.b': 'x', a: { b: 'y' } });

    const proto = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as Record<string, unknown>;
    const value = elicitationFor(asking(proto)).toValue({ ['__proto__']: 'x' }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('x');
  });
});

import { describe, expect, it } from 'vitest';
import { pageScripts } from './test-support/page-scripts.ts';

const { schemaProblems, flatFields } = pageScripts<{
  schemaProblems: (value: unknown, schema: unknown) => string[];
  flatFields: (schema: unknown) => { name: string; required: boolean }[] | undefined;
}>(['studio-dom.js', 'studio-schema.js'], ['schemaProblems', 'flatFields']);

// The refund tool's parameters in the support example, made strict.
const refund = {
  type: 'object',
  properties: {
    invoice_id: { type: 'string', pattern: '^INV-\\d+$' },
    amount: { type: 'number', exclusiveMinimum: 0 },
    reason: { type: 'string', minLength: 3 },
    currency: { enum: ['EUR', 'USD'] },
    lines: { type: 'array', items: { type: 'integer', minimum: 1 } },
  },
  required: ['invoice_id', 'amount'],
  additionalProperties: false,
};

describe("the page's JSON Schema check", () => {
  it('passes a value that fits', () => {
    expect(schemaProblems({ invoice_id: 'INV-1', amount: 49, reason: 'twice', currency: 'EUR', lines: [1, 2] }, refund)).toEqual([]);
    expect(schemaProblems('anything', undefined)).toEqual([]);
  });

  it('names every problem with its path: type, required, pattern, bounds, enum, items, additional properties', () => {
    expect(schemaProblems({ invoice_id: 'X', amount: 0, reason: 'no', currency: 'GBP', lines: [1, 0, 'x'], note: 1 }, refund)).toEqual([
      'invoice_id: must match ^INV-\\d+$',
      'amount: must be more than 0',
      'reason: must have at least 3 characters',
      'currency: must be one of "EUR", "USD"',
      'lines[1]: must be at least 1',
      'lines[2]: must be integer',
      'note: is not allowed here (no such property)',
    ]);
    expect(schemaProblems({ amount: '49' }, refund)).toEqual(['invoice_id: is required', 'amount: must be number']);
    expect(schemaProblems([1], refund)).toEqual(['the value: must be object']);
    expect(schemaProblems(null, { type: ['string', 'null'] })).toEqual([]);
    expect(
      schemaProblems({ a: { b: 'x' } }, { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'boolean' } } } } }),
    ).toEqual(['a.b: must be boolean']);
  });

  it('makes a form of a primitive or a flat object of primitives, and of nothing else', () => {
    expect(flatFields({ type: 'string' })).toEqual([{ name: '', schema: { type: 'string' }, required: true }]);
    expect(
      flatFields({ type: 'object', properties: { ok: { type: 'boolean' }, why: { type: 'string' } }, required: ['ok'] })?.map((f) => [
        f.name,
        f.required,
      ]),
    ).toEqual([
      ['ok', true],
      ['why', false],
    ]);
    expect(flatFields(refund)).toBeUndefined();
    expect(flatFields({ type: 'array', items: { type: 'string' } })).toBeUndefined();
    expect(flatFields(undefined)).toBeUndefined();
  });
});

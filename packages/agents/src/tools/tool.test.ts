import { describe, expect, it } from 'vitest';
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
});

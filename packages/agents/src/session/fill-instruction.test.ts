import { describe, expect, it } from 'vitest';
import { AgentError } from '../errors.ts';
import { fillInstruction } from './fill-instruction.ts';

const fill = (template: string, values: Record<string, unknown> = {}) => fillInstruction(template, values, 'Weather');

function errorOf(run: () => unknown): AgentError {
  try {
    run();
  } catch (error) {
    if (error instanceof AgentError) return error;
    throw error;
  }
  throw new Error('expected an AgentError');
}

describe('fillInstruction()', () => {
  it('returns a template without placeholders as it is', () => {
    expect(fill('')).toBe('');
    expect(fill('You answer questions about the weather.')).toBe('You answer questions about the weather.');
  });

  it('fills several placeholders, and the same key each time it appears', () => {
    const values = { city: 'Oslo', user: 'Ada', _unit2: 'C' };
    expect(fill('Hello {user}! Weather in {city} for {user} ({city}), in °{_unit2}.', values)).toBe(
      'Hello Ada! Weather in Oslo for Ada (Oslo), in °C.',
    );
    expect(fill('{city}{user}', values)).toBe('OsloAda');
  });

  it('inserts strings as they are and every other value as JSON', () => {
    const values = { n: 42, f: 1.5, yes: true, none: null, list: [1, 'a'], obj: { a: 1, b: { c: 'd' } }, quoted: '"hi"', empty: '' };
    expect(fill('{n} {f} {yes} {none} {list} {obj} {quoted} [{empty}]', values)).toBe(
      '42 1.5 true null [1,"a"] {"a":1,"b":{"c":"d"}} "hi" []',
    );
    expect(fill('{big} {sym}', { big: 10n, sym: Symbol('s') })).toBe('10 Symbol(s)');
  });

  it('reads {{ and }} as literal braces, so {{name}} is the text {name}', () => {
    expect(fill('{{city}} is filled from {city}', { city: 'Oslo' })).toBe('{city} is filled from Oslo');
    expect(fill('{{{city}}}', { city: 'Oslo' })).toBe('{Oslo}');
    expect(fill('a {{ b }} c {{ d')).toBe('a { b } c { d');
    expect(fill('{{{{ }}}}')).toBe('{{ }}');
  });

  it('leaves JSON and every brace that is not a placeholder untouched', () => {
    const untouched = [
      '{"a": 1}',
      'Reply as {"city": "<name>", "temp": 0}',
      '{ x }',
      '{1}',
      '{9lives}',
      '{a-b}',
      '{a.b}',
      '{}',
      '{',
      '}',
      '} {',
      'x}y{z',
    ];
    for (const template of untouched) expect(fill(template)).toBe(template);
    expect(fill('Reply as {"city": "{city}"} for {user}', { city: 'Oslo', user: 'Ada' })).toBe('Reply as {"city": "Oslo"} for Ada');
  });

  it('leaves nested JSON intact: }} is an escape only when it closes an earlier {{', () => {
    expect(fill('{"a": {"b": 1}}')).toBe('{"a": {"b": 1}}');
    expect(fill('{"a": {"b": 1} }')).toBe('{"a": {"b": 1} }');
    expect(fill('{"a": {"b": {"c": 1}}}')).toBe('{"a": {"b": {"c": 1}}}');
    expect(fill('{{ {"a": {"b": 1}}')).toBe('{ {"a": {"b": 1}');
  });

  it('leaves an unclosed placeholder as it is', () => {
    expect(fill('Weather in {city', { city: 'Oslo' })).toBe('Weather in {city');
    expect(fill('{city {city}', { city: 'Oslo' })).toBe('{city Oslo');
  });

  it('does not expand placeholders inside inserted values', () => {
    expect(fill('{a} {b}', { a: '{b}', b: '{{x}}' })).toBe('{b} {{x}}');
    expect(fill('{obj}', { obj: { text: '{a}' } })).toBe('{"text":"{a}"}');
  });

  it('throws INSTRUCTION_KEY_MISSING naming the agent, the key and the keys that exist (sorted)', () => {
    const error = errorOf(() => fill('Weather in {city}', { user: 'Ada', country: 'NO' }));
    expect(error).toBeInstanceOf(AgentError);
    expect(error.name).toBe('AgentError');
    expect(error.code).toBe('INSTRUCTION_KEY_MISSING');
    expect(error.message).toBe('instruction of agent "Weather" uses {city}, but session values have no "city" (they have: country, user)');
    expect(error.details).toEqual({ agent: 'Weather', key: 'city', available: ['country', 'user'] });
    expect(error.toJSON()).toEqual({
      name: 'AgentError',
      code: 'INSTRUCTION_KEY_MISSING',
      message: 'instruction of agent "Weather" uses {city}, but session values have no "city" (they have: country, user)',
      details: { agent: 'Weather', key: 'city', available: ['country', 'user'] },
    });
  });

  it('treats an undefined value as missing, and does not list it as existing', () => {
    const error = errorOf(() => fill('{city} {user}', { user: 'Ada', city: undefined }));
    expect(error.code).toBe('INSTRUCTION_KEY_MISSING');
    expect(error.message).toBe('instruction of agent "Weather" uses {city}, but session values have no "city" (they have: user)');
    expect(error.details).toEqual({ agent: 'Weather', key: 'city', available: ['user'] });
  });

  it('says so when there are no session values at all', () => {
    const error = errorOf(() => fillInstruction('{city}', {}, 'Forecaster'));
    expect(error.code).toBe('INSTRUCTION_KEY_MISSING');
    expect(error.message).toBe('instruction of agent "Forecaster" uses {city}, but session values have no "city" (they have none)');
    expect(error.details).toEqual({ agent: 'Forecaster', key: 'city', available: [] });
  });

  it('reports the first missing key, and only looks at own keys of the values', () => {
    expect(errorOf(() => fill('{a} {b}', { c: 1 })).details).toEqual({ agent: 'Weather', key: 'a', available: ['c'] });
    expect(errorOf(() => fill('{constructor}')).details).toEqual({ agent: 'Weather', key: 'constructor', available: [] });
    expect(errorOf(() => fill('{toString}', { x: 1 })).details).toEqual({ agent: 'Weather', key: 'toString', available: ['x'] });
  });

  it('does not look up escaped or non-placeholder braces, so they never throw', () => {
    expect(fill('{{missing}} {"missing": 1} { missing }')).toBe('{missing} {"missing": 1} { missing }');
  });
});

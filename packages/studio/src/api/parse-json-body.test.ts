import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './parse-json-body.ts';

/** Object keys and array items of a parsed value, and its nesting (what the limits count). */
function measure(value: unknown, depth = 1): { keys: number; depth: number } {
  if (value === null || typeof value !== 'object') return { keys: 0, depth: depth - 1 };
  const children = Array.isArray(value) ? value : Object.values(value);
  const inner = children.map((c) => measure(c, depth + 1));
  return { keys: children.length + inner.reduce((n, m) => n + m.keys, 0), depth: Math.max(depth, ...inner.map((m) => m.depth)) };
}

const codeOf = (text: string, maxDepth: number, maxKeys: number) => {
  try {
    parseJsonBody(text, { maxDepth, maxKeys });
    return 'ok';
  } catch (err) {
    return (err as { code: string }).code;
  }
};

const SAMPLES = [
  '{}',
  '[]',
  '{"a":[]}',
  '[[],[[]],{}]',
  '{"a":1,"b":[true,false,null,-1.5e3],"c":{"d":"x"}}',
  '{"tricky":"a \\"quoted\\" [bracket] {brace}, comma: colon\\\\","list":["[", "]", "{", ":", ","]}',
  ' { "spaced" : [ 1 , 2 , [ 3 ] ] , "\\u005f" : "" } ',
  '["é€😀", {"ключ": [0]}]',
];

describe('parseJsonBody', () => {
  it.each(SAMPLES)('counts %s as JSON.parse builds it: passes at its own depth and keys, refused one below either', (text) => {
    const { keys, depth } = measure(JSON.parse(text));
    expect(parseJsonBody(text, { maxDepth: depth, maxKeys: keys })).toEqual(JSON.parse(text));
    expect(codeOf(text, depth - 1, keys)).toBe('BODY_TOO_DEEP');
    if (keys > 0) expect(codeOf(text, depth, keys - 1)).toBe('BODY_TOO_MANY_KEYS');
  });

  it('refuses text that is not JSON as BAD_REQUEST, and a __proto__ key anywhere, even spelled with escapes, naming where', () => {
    expect(codeOf('{"a":', 10, 10)).toBe('BAD_REQUEST');
    expect(codeOf('{"a":1}}', 10, 10)).toBe('BAD_REQUEST');
    expect(() => parseJsonBody('{"a":[{"b":{"\\u005f_proto__":{}}}]}', { maxDepth: 10, maxKeys: 10 })).toThrow(
      expect.objectContaining({ code: 'CHECKPOINT_UNSERIALIZABLE', message: expect.stringMatching(/"__proto__" \(at a\[0\]\.b\)/) }),
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

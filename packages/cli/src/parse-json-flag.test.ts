import { describe, expect, it } from 'vitest';
import { parseJsonFlag } from './parse-json-flag.ts';

const failure = (text: string): string => {
  try {
    parseJsonFlag('--value', text);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`${text} parsed`);
};

describe('parseJsonFlag', () => {
  it('parses JSON of any kind', () => {
    expect([' {"approved":true} ', '"yes"', '42', 'null', '[1,2]'].map((t) => parseJsonFlag('--value', t))).toEqual([
      { approved: true },
      'yes',
      42,
      null,
      [1, 2],
    ]);
  });

  it('says where the text stops being JSON', () => {
    expect(['{"approved":tru}', '{approved:true}', '[1,2,]', '{"a":1}x', '{"approved":', '', 'yes'].map(failure)).toEqual([
      `--value is not valid JSON: unexpected "}" at character 16 (after '{"approved":tru')`,
      `--value is not valid JSON: unexpected "a" at character 2 (after '{')`,
      `--value is not valid JSON: unexpected "]" at character 6 (after '[1,2,')`,
      `--value is not valid JSON: unexpected "x" at character 8 (after '{"a":1}')`,
      `--value is not valid JSON: it ends too early (after '{"approved":')`,
      '--value is not valid JSON: it is empty',
      `--value is not valid JSON: unexpected "y" at character 1 (after nothing)`,
    ]);
  });

  it('carries a typed code and a hint', () => {
    try {
      parseJsonFlag('--values', "{'a':1}");
    } catch (err) {
      expect(err).toMatchObject({ code: 'JSON_INVALID', hint: expect.stringContaining(`--values '{"approved":true}'`) });
    }
  });
});

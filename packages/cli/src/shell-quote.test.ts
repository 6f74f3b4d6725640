import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote } from './shell-quote.ts';

describe('shellQuote', () => {
  it('leaves plain words bare and quotes the rest', () => {
    expect(['t1', 'sqlite:.weft/weft.db', 'approve#0', '{"approved":true}', "it's", ''].map(shellQuote)).toEqual([
      't1',
      'sqlite:.weft/weft.db',
      `'approve#0'`,
      `'{"approved":true}'`,
      `'it'\\''s'`,
      `''`,
    ]);
  });

  it('gets every argument through a real shell unchanged', () => {
    const args = ['agent:A/agent:B/tool:refund:b_16_0#0', `{"reason":"it's $5 \`now\`"}`, 'a b\tc\nd', '*', '~', '-n', '!x', ''];
    const out = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${args.map(shellQuote).join(' ')}`], { encoding: 'utf8' });
    expect(out.split('\0').slice(0, -1)).toEqual(args);
  });
});

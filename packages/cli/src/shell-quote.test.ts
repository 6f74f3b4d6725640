import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellWords } from '../test-support/shell-words.ts';
import { shellQuote } from './shell-quote.ts';
import { hasUnsafeChars } from './terminal-safe.ts';

/** The words `shell` passes for a command line, read back with printf. */
const wordsOf = (shell: string, line: string, env: NodeJS.ProcessEnv = process.env): string[] =>
  execFileSync(shell, ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8', env })
    .split('\0')
    .slice(0, -1);

const HOSTILE = ['a b\tc\nd', '\x1b[2J\x1b[H', 'x\u202ey', '\u009b31m', "it's\n\\ $HOME `id`", '\x7f', 'tab\there', '\r'];

describe('shellQuote', () => {
  it('leaves plain words bare and quotes the rest', () => {
    expect(['t1', 'sqlite:.weft/weft.db', 'approve#0', '{"approved":true}', "it's", '', '\x1b[2J', 'a\nb'].map(shellQuote)).toEqual([
      't1',
      'sqlite:.weft/weft.db',
      `'approve#0'`,
      `'{"approved":true}'`,
      `'it'\\''s'`,
      `''`,
      `$'\\x1b[2J'`,
      `$'a\\nb'`,
    ]);
  });

  it('gets every printable argument through a POSIX shell unchanged', () => {
    const args = ['agent:A/agent:B/tool:refund:b_16_0#0', `{"reason":"it's $5 \`now\`"}`, 'a b', '*', '~', '-n', '!x', '', 'é ✓'];
    expect(wordsOf('/bin/sh', args.map(shellQuote).join(' '))).toEqual(args);
  });

  it('writes control characters as visible escapes that bash reads back, in any locale', () => {
    const quoted = HOSTILE.map(shellQuote);
    for (const q of quoted) expect(hasUnsafeChars(q), q).toBe(false);
    expect(wordsOf('bash', quoted.join(' '), { ...process.env, LC_ALL: 'C' })).toEqual(HOSTILE);
    expect(wordsOf('bash', quoted.join(' '), { ...process.env, LC_ALL: 'C.UTF-8' })).toEqual(HOSTILE);
    // The tests' reader of printed commands agrees with bash.
    expect(shellWords(quoted.join(' '))).toEqual(HOSTILE);
  });
});

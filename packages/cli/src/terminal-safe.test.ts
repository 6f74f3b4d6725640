import { describe, expect, it } from 'vitest';
import { hasUnsafeChars, terminalSafe } from './terminal-safe.ts';
import { toJsonLine } from './to-json-line.ts';

// Every character a terminal may act on: C0, DEL, C1, line/paragraph separators, bidi controls, lone surrogates.
const UNSAFE = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  '\u2028',
  '\u2029',
  ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'],
  '\ud800',
  '\udfff',
];

describe('terminalSafe', () => {
  it('writes every character a terminal acts on as a visible escape, and nothing else', () => {
    expect(terminalSafe('clear\x1b[2J\x1b[Hdone \u009b31m red\u202eevil\r\n\ttab\x7f\x00')).toBe(
      'clear\\x1b[2J\\x1b[Hdone \\x9b31m red\\u202eevil\\r\\n\\ttab\\x7f\\x00',
    );
    for (const c of UNSAFE) {
      const safe = terminalSafe(`a${c}b`);
      expect(safe, JSON.stringify(c)).toMatch(/^a\\(x[0-9a-f]{2}|u[0-9a-f]{4}|[nrt])b$/);
      expect(hasUnsafeChars(safe)).toBe(false);
    }
    expect(terminalSafe('plain ascii, é, ✓, 😀, 中文')).toBe('plain ascii, é, ✓, 😀, 中文');
  });

  it('keeps newlines and tabs of multi-line text when asked, and escaping twice changes nothing', () => {
    expect(terminalSafe('line 1\n\tline 2\x1b]0;title\x07', { lines: true })).toBe('line 1\n\tline 2\\x1b]0;title\\x07');
    const once = terminalSafe(UNSAFE.join(''));
    expect(terminalSafe(once)).toBe(once);
  });
});

describe('toJsonLine', () => {
  it('escapes DEL, C1, separators and bidi controls as \\u (JSON.stringify leaves them raw); the line parses back to the same value', () => {
    const value = { text: UNSAFE.join(''), emoji: '😀' };
    const line = toJsonLine(value);
    expect(line.endsWith('\n')).toBe(true);
    expect(hasUnsafeChars(line.slice(0, -1))).toBe(false);
    expect(JSON.parse(line)).toEqual(value);
    expect(toJsonLine('\u007f\u009b\u2028\u202e')).toBe('"\\u007f\\u009b\\u2028\\u202e"\n');
  });
});

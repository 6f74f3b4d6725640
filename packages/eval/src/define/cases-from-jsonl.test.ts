import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { casesFromJsonl } from './cases-from-jsonl.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-eval-cases-'));
const file = (name: string, lines: string[]) => {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n'));
  return path;
};

describe('casesFromJsonl', () => {
  it('reads one case per line, skipping blank lines and // comments', () => {
    const path = file('ok.jsonl', ['// billing cases', '{"id":"a","input":"hi","tags":["x"]}', '', '{"id":"b","turns":["one","two"]}']);
    expect(casesFromJsonl(path)).toEqual([
      { id: 'a', input: 'hi', tags: ['x'] },
      { id: 'b', turns: ['one', 'two'] },
    ]);
    expect(casesFromJsonl(new URL(`file://${path}`))).toHaveLength(2);
  });

  it('names the file, the line and the field of every problem, in one INVALID_CASE', () => {
    const path = file('bad.jsonl', [
      '{"id":"a","input":"hi"}',
      '{"id":"b","input":"x","budget":{"tokens":"many"}}',
      '{not json',
      '{"input":"x","expected":{"trajectory":[{"tol":"refund"}]}}',
    ]);
    let err: { code?: string; message?: string } = {};
    try {
      casesFromJsonl(path);
    } catch (e) {
      err = e as typeof err;
    }
    expect(err.code).toBe('INVALID_CASE');
    expect(err.message?.split('\n')).toEqual([
      `4 problem(s) in ${path}:`,
      `${path}:2: budget.tokens: must be a positive number`,
      `${path}:3: not JSON (Expected property name or '}' in JSON at position 1)`,
      `${path}:4: id: must be a non-empty string`,
      `${path}:4: expected.trajectory.0: must have \`tool\` (a tool call) or \`transfer\` (a transfer)`,
    ]);
  });

  it('checks each line with a Standard Schema of the dataset first', () => {
    const schema = z.object({ id: z.string(), input: z.string().min(3), tags: z.array(z.enum(['billing', 'tech'])).optional() });
    const path = file('schema.jsonl', ['{"id":"a","input":"hello"}', '{"id":"b","input":"hi","tags":["sales"]}']);
    expect(() => casesFromJsonl(path, { schema })).toThrow(
      new RegExp(
        `^1 problem\\(s\\) in ${path}:\\n${path}:2: input: Too small: expected string to have >=3 characters; tags.0: Invalid option: expected one of "billing"\\|"tech"$`,
      ),
    );
  });

  it('says which file it cannot read', () => {
    expect(() => casesFromJsonl(join(dir, 'missing.jsonl'))).toThrow(`cannot read the cases file ${join(dir, 'missing.jsonl')}: ENOENT`);
  });
});

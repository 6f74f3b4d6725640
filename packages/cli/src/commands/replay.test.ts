/** `weft replay` turns the run log of `weft run --record` (run + resume) into an HTML page. */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, projectModule, tempDir, weft } from '../../test-support/spawn-weft.ts';

describe('weft replay', () => {
  const cwd = tempDir();
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('renders a recorded run and its resume', async () => {
    const expense = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
    expect(
      (await weft(['run', expense, '--input', '{"who":"Ann","amount":500}', '--thread', 'r1', '--record', 'run.jsonl'], cwd)).code,
    ).toBe(0);
    expect((await weft(['resume', 'r1', '--value', '{"approved":true}', '--record', 'run.jsonl'], cwd)).code).toBe(0);

    const result = await weft(['replay', 'run.jsonl'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      new RegExp(`^wrote ${join(cwd, 'run.html')} \\(replay of expense from the run log: 2 run\\(s\\), \\d+ events\\)\\n$`),
    );
    expect(readFileSync(join(cwd, 'run.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('a missing run log is one error line', async () => {
    const result = await weft(['replay', 'nope.jsonl', '-o', 'nope.html'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `weft: run log "${join(cwd, 'nope.jsonl')}" does not exist\nhint: check the path; weft run --record <file.jsonl> writes a run log\n`,
    );
    expect(existsSync(join(cwd, 'nope.html'))).toBe(false);
  });
});

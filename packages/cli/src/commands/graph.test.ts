/** `weft graph` prints what @weft/viz draws for the module's graph (or its agent's Runner graph), in every format. */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Runner } from '@weft/agents';
import { toDot, toJSON, toMermaid } from '@weft/viz';
import { afterAll, describe, expect, it } from 'vitest';
import { graph as expenseGraph } from '../../test-fixtures/expense-graph.ts';
import { agent as supportAgent } from '../../../../docs/examples/support/support.ts';
import { FIXTURES, SUPPORT_MODULE, tempDir, weft } from '../../test-support/spawn-weft.ts';

const EXPENSE = join(FIXTURES, 'expense-graph.ts');
const withNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

describe('weft graph', () => {
  const cwd = tempDir();
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('prints Mermaid by default, DOT and the JSON drawing model on request', async () => {
    const mermaid = await weft(['graph', EXPENSE], cwd);
    expect(mermaid).toEqual({ code: 0, stdout: withNewline(toMermaid(expenseGraph)), stderr: '' });
    expect(mermaid.stdout.split('\n').slice(0, 4)).toEqual(['---', 'title: "expense"', '---', 'flowchart TD']);

    const dot = await weft(['graph', EXPENSE, '--format', 'dot'], cwd);
    expect(dot).toEqual({ code: 0, stdout: withNewline(toDot(expenseGraph)), stderr: '' });
    expect(dot.stdout.startsWith('digraph "expense" {')).toBe(true);

    const json = await weft(['graph', EXPENSE, '--format', 'json'], cwd);
    expect(json.code).toBe(0);
    const model = JSON.parse(json.stdout) as ReturnType<typeof toJSON>;
    expect(model).toEqual(toJSON(expenseGraph));
    expect(model.nodes.map((n) => n.id)).toEqual(['__start__', 'check', 'approve', 'pay', '__end__']);
  });

  it("draws an agent as its Runner's graph", async () => {
    const result = await weft(['graph', SUPPORT_MODULE], cwd);
    expect(result).toEqual({ code: 0, stdout: withNewline(toMermaid(new Runner({ agent: supportAgent }).graph)), stderr: '' });
  });

  it('writes an HTML page with -o, and says so on stderr', async () => {
    const result = await weft(['graph', EXPENSE, '--format', 'html', '-o', 'graph.html'], cwd);
    expect(result).toEqual({ code: 0, stdout: '', stderr: `wrote ${join(cwd, 'graph.html')} (html of graph expense)\n` });
    expect(readFileSync(join(cwd, 'graph.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('refuses an unknown format', async () => {
    const result = await weft(['graph', EXPENSE, '--format', 'png'], cwd);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: graph: unknown --format "png"\nhint: use one of mermaid, dot, json, html\n',
    });
  });
});

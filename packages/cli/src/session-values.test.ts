/**
 * A module's `export const sessionValues` are the defaults of every command
 * that runs it (run, resume, serve, mcp), and `--session` overrides them. On
 * a resume a default fills only a value the thread has not got: the values a
 * run chose stay. A graph has no session: `--session` for one is refused.
 */
import { realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../test-support/run-main.ts';
import { FIXTURES, WEFT_BIN, projectModule, tempDir, weft } from '../test-support/spawn-weft.ts';

const DESK = join(FIXTURES, 'desk-agent.ts');
const APPROVE = '{"approved":true}';

describe("a module's session values", () => {
  const cwd = realpathSync(tempDir());
  const desk = projectModule(cwd, DESK, 'desk.ts');
  // The greeter of instruction-agent.ts (its instruction needs `company`), with the company as the module's default.
  const greeter = 'greeter.ts';
  writeFileSync(
    join(cwd, greeter),
    `export { agent } from ${JSON.stringify(join(FIXTURES, 'instruction-agent.ts'))};\nexport const sessionValues = { company: 'Acme' };\n`,
  );
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  /** Runs `desk.ts` on a new thread until its approval, then approves it: the agent's last words name the session values it had. */
  async function approvedAnswer(threadId: string, session: string[]): Promise<string | undefined> {
    const run = await runMain(['run', desk, '--query', 'hi', '--thread', threadId, ...session], cwd);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const resumed = await runMain(['resume', '--value', APPROVE, '--interrupt', interruptOf(run.stdout), '--', threadId], cwd);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    return resumed.stdout.split('\n').find((l) => l.includes('Done.'));
  }

  it('weft run: the module’s values are the defaults, --session overrides one, and the resume keeps what the run chose', async () => {
    expect(await approvedAnswer('defaults', [])).toBe('  Done. (You greet the customers of Acme at the front desk.)');
    expect(await approvedAnswer('override', ['--session', 'company=Beta'])).toBe(
      '  Done. (You greet the customers of Beta at the front desk.)',
    );
    const greeted = await runMain(['run', greeter, '--query', 'hi', '--store', 'memory'], cwd);
    expect([greeted.code, greeted.stderr, greeted.stdout.split('\n').at(2)]).toEqual([
      0,
      '',
      '  Hello! (You greet the customers of Acme.)',
    ]);
  });

  it('weft resume: a default fills a value the thread lacks (a run from before the module declared it), not one it has', async () => {
    // The module without its defaults: the run fails on the missing `desk`.
    const late = 'late.ts';
    writeFileSync(join(cwd, late), `export { agent } from ${JSON.stringify(DESK)};\n`);
    const failed = await weft(['run', late, '--query', 'hi', '--thread', 'late', '--session', 'company=Beta'], cwd);
    expect([failed.code, failed.stderr.split('\n')[0]]).toEqual([
      1,
      'weft: the run failed: INSTRUCTION_KEY_MISSING: instruction of agent "Greeter" uses {desk}, but session values have no "desk" (they have: company)',
    ]);
    // The module declares them now: the resume continues, `desk` from the module, `company` still the run's.
    writeFileSync(join(cwd, late), `export { agent, sessionValues } from ${JSON.stringify(DESK)};\n`);
    const asked = await weft(['resume', '--', 'late'], cwd);
    expect([asked.code, asked.stderr]).toEqual([0, '']);
    const done = await weft(['resume', '--value', APPROVE, '--interrupt', interruptOf(asked.stdout), '--', 'late'], cwd);
    expect([done.code, done.stderr]).toEqual([0, '']);
    expect(done.stdout).toContain('  Done. (You greet the customers of Beta at the front desk.)\n');
  });

  it('weft mcp: the agent’s tool runs with the module’s values, and --session overrides them', async () => {
    const env = process.env as Record<string, string>;
    const answers: unknown[] = [];
    for (const session of [[], ['--session', 'company=Globex']]) {
      const transport = new StdioClientTransport({ command: process.execPath, args: [WEFT_BIN, 'mcp', greeter, ...session], cwd, env });
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(transport as unknown as Transport);
      answers.push(await client.callTool({ name: 'Greeter', arguments: { query: 'hi' } }));
      await client.close();
    }
    expect(answers).toEqual([
      { content: [{ type: 'text', text: 'Hello! (You greet the customers of Acme.)' }] },
      { content: [{ type: 'text', text: 'Hello! (You greet the customers of Globex.)' }] },
    ]);
  });

  it('--session for a graph is refused by every command that runs one', async () => {
    const expense = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
    const refusal = (command: string) => ({
      code: 2,
      stdout: '',
      stderr: `weft: ${command}: --session is for agents\nhint: a graph takes its data in its input and keeps it in its state\n`,
    });
    expect(await runMain(['run', expense, '--input', '{"who":"Ann","amount":5}', '--session', 'a=b', '--store', 'memory'], cwd)).toEqual(
      refusal('run'),
    );
    expect(await runMain(['mcp', expense, '--session', 'a=b'], cwd)).toEqual(refusal('mcp'));
    expect(await runMain(['serve', expense, '--session', 'a=b', '--store', 'memory'], cwd)).toEqual(refusal('serve'));
    const run = await runMain(['run', expense, '--input', '{"who":"Ann","amount":500}', '--thread', 'g1'], cwd);
    expect(run.code).toBe(0);
    const before = (await runMain(['history', '--json', '--', 'g1'], cwd)).stdout;
    expect(await runMain(['resume', '--value', APPROVE, '--session', 'a=b', '--', 'g1'], cwd)).toEqual(refusal('resume'));
    // The thread still waits at its approval: the refused resume wrote nothing.
    expect((await runMain(['history', '--json', '--', 'g1'], cwd)).stdout).toBe(before);
    expect((JSON.parse(before) as { checkpoints: { status: string }[] }).checkpoints[0]!.status).toBe('interrupted');
  });
});

/** The id of the one pending interrupt a run printed (`--interrupt '<id>'` of its resume command). */
function interruptOf(stdout: string): string {
  const id = /--interrupt '([^']+)'/.exec(stdout)?.[1];
  expect(id, stdout).toBeDefined();
  return id!;
}

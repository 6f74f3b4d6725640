/**
 * The caller and the remote agent in two processes: a Weft desk agent
 * transfers to a remote Weft agent (test-support/remote-support.ts) that
 * asks for approval; the approval is answered through the caller's run,
 * resumed by a Runner that did not start it.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chatModelAgent, Runner, withSubAgents } from '@weft/agents';
import { MemoryStore } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import { a2aAgent } from '../index.ts';

const SCRIPT = fileURLToPath(new URL('../test-support/remote-support.ts', import.meta.url));

describe('a2aAgent() across processes', () => {
  it('a transfer to a remote agent that asks for approval: answered through the caller, the remote tool runs once', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, 'two-process-token'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines: string[] = [];
    const waiters: (() => void)[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      for (const w of waiters.splice(0)) w();
    });
    const waitFor = async (test: (l: string) => boolean): Promise<string> => {
      for (;;) {
        const found = lines.find(test);
        if (found !== undefined) return found;
        await new Promise<void>((r) => waiters.push(r));
      }
    };
    try {
      const url = (await waitFor((l) => l.startsWith('url '))).slice(4);
      const headers = { authorization: 'Bearer two-process-token' };
      const desk = () =>
        chatModelAgent({
          name: 'Desk',
          description: 'Talks to customers',
          model: scriptedModel([{ toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: 'Support' } }] }]),
        });
      const store = new MemoryStore();
      const first = new Runner({ agent: withSubAgents(desk(), [await a2aAgent({ url, headers })]), store });
      const asked = await first.query('Please refund order A1', { threadId: 'c1' });
      expect(asked.status).toBe('interrupted');
      expect((asked.interrupts[0]!.info as { data: { interrupts: { info: unknown }[] }[] }).data[0]!.interrupts[0]!.info).toEqual({
        tool: 'refund',
        arguments: { order: 'A1' },
      });
      expect(lines.filter((l) => l.startsWith('refunded'))).toEqual([]);
      const second = new Runner({ agent: withSubAgents(desk(), [await a2aAgent({ url, headers })]), store });
      const done = await second.resume(asked.checkpointId!, { resume: { [asked.interrupts[0]!.id]: { approved: true } } });
      expect([done.status, done.finalMessage?.content]).toEqual(['done', 'Order A1 is refunded.']);
      expect(done.events.filter((e) => e.type === 'chunk').map((e) => [e.agentName, e.runPath])).toEqual([
        ['Support', ['Desk', 'Support']],
        ['Support', ['Desk', 'Support']],
      ]);
      expect(lines.filter((l) => l.startsWith('refunded'))).toEqual(['refunded A1']);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});

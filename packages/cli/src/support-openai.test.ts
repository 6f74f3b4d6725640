/**
 * The support example against an OpenAI-compatible server (OPENAI_BASE_URL and
 * OPENAI_API_KEY set): a real HTTP server on loopback answers each model call
 * in the Chat Completions wire format, and the run, its interrupt and a resume
 * in a second process go through `weft` exactly as with the scripted models.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completion, json, startFakeOpenAIServer, type FakeOpenAIServer } from '../../models/src/openai/test-support/fake-openai-server.ts';
import { projectModule, SUPPORT_MODULE, tempDir, weft } from '../test-support/spawn-weft.ts';

const transfer = (id: string, agent: string) =>
  [id, 'transfer_to_agent', JSON.stringify({ agent_name: agent })] as [string, string, string];

// The model calls of the whole thread, in order: the run stops at the refund, the resume makes the last two.
const REPLIES = [
  completion(null, [transfer('c1', 'Tech')]),
  completion(null, [transfer('t1', 'Database')]),
  completion(null, [['d1', 'slow_queries', '{"since_hours":24}']]),
  completion('An index is missing.', [transfer('d2', 'Tech')]),
  completion(null, [transfer('t2', 'Coordinator')]),
  completion(null, [transfer('c2', 'Billing')]),
  completion(null, [['b1', 'lookup_invoice', '{"invoice_id":"INV-1042"}']]),
  completion(null, [['b2', 'refund', '{"invoice_id":"INV-1042","amount":49,"reason":"double charge"}']]),
  completion('Refunded.', [transfer('b3', 'Coordinator')]),
  completion('All done.'),
].map((body) => json(body));

let server: FakeOpenAIServer;
beforeAll(async () => void (server = await startFakeOpenAIServer(REPLIES)));
afterAll(() => server.close());

describe('the support example on an OpenAI-compatible server', () => {
  it('runs, stops at the refund approval, and a second process resumes it to the end', async () => {
    const cwd = tempDir();
    const env = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'support-model' };
    const run = await weft(
      ['run', projectModule(cwd, SUPPORT_MODULE), '--query', 'Help!', '--session', 'company=Acme', '--thread', 'o1', '--json'],
      cwd,
      env,
    );
    expect([run.code, run.stderr]).toEqual([0, '']);
    const first = JSON.parse(run.stdout.trim().split('\n').at(-1)!).result;
    expect([first.status, first.interrupts.map((i: { address: string }) => i.address)]).toEqual([
      'interrupted',
      ['agent:Coordinator/agent:Billing/tool:refund:b2'],
    ]);
    expect(server.requests).toHaveLength(8);

    const resumed = await weft(['resume', 'o1', '--value', '{"approved":true}', '--json'], cwd, env);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    const last = JSON.parse(resumed.stdout.trim().split('\n').at(-1)!).result;
    expect([last.status, last.output]).toEqual(['done', 'All done.']);

    // Every call went to the server with the configured model, each agent with its own tools.
    expect(server.requests.map((r) => [r.url, r.body['model'], r.headers.authorization])).toEqual(
      Array(10).fill(['/v1/chat/completions', 'support-model', 'Bearer sk-test']),
    );
    const tools = (i: number) => (server.requests[i]!.body['tools'] as { function: { name: string } }[]).map((t) => t.function.name).sort();
    expect([tools(0), tools(2), tools(6)]).toEqual([
      ['transfer_to_agent'],
      ['slow_queries', 'transfer_to_agent'],
      ['lookup_invoice', 'refund', 'transfer_to_agent'],
    ]);
    // The resumed Billing call sees the refund's result, produced in the second process.
    const messages = server.requests[8]!.body['messages'] as { role: string; content: string | null }[];
    expect(messages.at(-1)).toMatchObject({ role: 'tool', content: 'refunded $49.00 on INV-1042' });
  });
});

/**
 * GET /api/threads/:id/transcript: a thread's whole conversation read from
 * its checkpoints — every run's messages, the interrupts with the answers
 * their resumes gave, errors; a graph's inputs and outputs — and where the
 * live stream takes over.
 */
import { MemoryStore } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { supportAgent } from '../../../docs/examples/support/support-agents.ts';
import { scriptedSupportModels } from '../../../docs/examples/support/support-models.ts';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import { serveStudio, type ServedStudio } from '../src/index.ts';
import { reviewStudio } from './support/review-graph.ts';
import { readRunEvents } from './support/browser-studio.ts';

let served: ServedStudio | undefined;
let review: Awaited<ReturnType<typeof reviewStudio>> | undefined;
afterEach(async () => {
  await served?.close();
  await review?.served.close();
  served = review = undefined;
});

async function post(path: string, body: unknown): Promise<Record<string, any>> {
  const res = await fetch(new URL(path, served!.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, any>;
}
const get = async (path: string) => {
  const res = await fetch(new URL(path, served!.url));
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

/** An item as a line: who and what. */
function line(item: Record<string, any>): string {
  if (item['type'] === 'message') {
    const m = item['message'];
    const calls = (m.toolCalls ?? []).map((c: { name: string; arguments: string }) => ` ${c.name}(${c.arguments})`).join('');
    return `${item['agentName'] || 'user'} ${m.role}${item['transfer'] ? ' transfer' : ''}: ${m.content}${calls}`;
  }
  if (item['type'] === 'interrupt')
    return `interrupt ${item['interrupt'].id} answered=${item['answered']} ${JSON.stringify(item['answer'])}`;
  return `${item['type']} ${JSON.stringify(item['error'] ?? item['value'])}`;
}

const REFUND = 'agent:Coordinator/agent:Billing/tool:refund:billing_16_0#0';
const SUPPORT_BEFORE_APPROVAL = [
  `user user: ${exampleQuery}`,
  'Coordinator assistant transfer:  transfer_to_agent({"agent_name":"Tech","reason":"The dashboard times out: a technical problem."})',
  'Coordinator tool transfer: successfully transferred to agent [Tech]',
  'Tech assistant transfer:  transfer_to_agent({"agent_name":"Database","reason":"Timeouts started after a migration: likely a query plan."})',
  'Tech tool transfer: successfully transferred to agent [Database]',
  'Database assistant:  slow_queries({"since_hours":24})',
  'Database tool: [{"query":"SELECT * FROM events WHERE account_id = $1","p95Ms":8200,"note":"sequential scan: index events_account_id_idx missing since the migration"}]',
  'Database assistant transfer: The dashboard query scans the events table: the migration dropped events_account_id_idx. Recreate it with CREATE INDEX CONCURRENTLY. transfer_to_agent({"agent_name":"Tech","reason":"Diagnosis done."})',
  'Database tool transfer: successfully transferred to agent [Tech]',
  'Tech assistant transfer:  transfer_to_agent({"agent_name":"Coordinator","reason":"The technical part is diagnosed."})',
  'Tech tool transfer: successfully transferred to agent [Coordinator]',
  'Coordinator assistant transfer:  transfer_to_agent({"agent_name":"Billing","reason":"The customer was charged twice."})',
  'Coordinator tool transfer: successfully transferred to agent [Billing]',
  'Billing assistant:  lookup_invoice({"invoice_id":"INV-1042"})',
  'Billing tool: {"invoice_id":"INV-1042","amount":49,"charges":2,"month":"March"}',
  'Billing assistant:  refund({"invoice_id":"INV-1042","amount":49,"reason":"charged twice in March"})',
];
const SUPPORT_AFTER_APPROVAL = [
  'Billing tool: refunded $49.00 on INV-1042',
  'Billing assistant transfer: INV-1042 was charged twice; $49.00 is refunded. transfer_to_agent({"agent_name":"Coordinator","reason":"The refund is done."})',
  'Billing tool transfer: successfully transferred to agent [Coordinator]',
  'Coordinator assistant: Done: the missing index is identified (Database), and the duplicate March charge of $49.00 was refunded (Billing).',
];

describe('GET /api/threads/:id/transcript', () => {
  it('gives an agent thread’s messages of every run in order, the approval interrupt where it came with the answer its resume gave, and where the stream takes over', async () => {
    served = await serveStudio({
      target: supportAgent(scriptedSupportModels()),
      store: new MemoryStore(),
      port: 0,
      sessionValues: { company: 'Acme' },
    });
    const first = await post('/api/threads/s1/runs', { input: { query: exampleQuery }, wait: true });
    expect(first['status']).toBe('interrupted');
    const waiting = await get('/api/threads/s1/transcript');
    expect(waiting.status).toBe(200);
    const run1 = await readRunEvents(served.url, 's1');
    expect(waiting.body).toMatchObject({ threadId: 's1', checkpointId: first['checkpointId'], status: 'interrupted' });
    // The interrupted checkpoint's write: the interrupt event and the end come after it.
    const write = run1.find((e) => e.data['type'] === 'checkpoint.write' && e.data['checkpointId'] === first['checkpointId'])!;
    expect(waiting.body['after']).toBe(write.id);
    expect(waiting.body['items'].map(line)).toEqual([...SUPPORT_BEFORE_APPROVAL, `interrupt ${REFUND} answered=false undefined`]);
    expect(waiting.body['items'].at(-1).interrupt.info).toEqual({
      tool: 'refund',
      arguments: { invoice_id: 'INV-1042', amount: 49, reason: 'charged twice in March' },
    });

    const second = await post('/api/threads/s1/resume', { resume: { [REFUND]: { approved: true } }, wait: true });
    expect(second['status']).toBe('done');
    const done = await get('/api/threads/s1/transcript');
    const run2 = await readRunEvents(served.url, 's1');
    // The resume's run event carries the answers it gives (a page following the thread shows them on the interrupt).
    expect(run2[0]).toMatchObject({ event: 'run', data: { mode: 'resume', resume: { [REFUND]: { approved: true } } } });
    expect(run1[0]!.data).not.toHaveProperty('resume');
    expect(done.body).toMatchObject({ checkpointId: second['checkpointId'], status: 'done' });
    expect(done.body['after']).toBe(run2.find((e) => e.data['checkpointId'] === second['checkpointId'])!.id);
    expect(done.body['items'].map(line)).toEqual([
      ...SUPPORT_BEFORE_APPROVAL,
      `interrupt ${REFUND} answered=true {"approved":true}`,
      ...SUPPORT_AFTER_APPROVAL,
    ]);

    // A second query on the thread: its messages follow the first run's, the same answer stays where it was.
    const third = await post('/api/threads/s1/runs', { input: { query: 'Thanks!' }, wait: true });
    const again = await get('/api/threads/s1/transcript');
    expect(again.body['checkpointId']).toBe(third['checkpointId']);
    const lines = again.body['items'].map(line);
    expect(lines.slice(0, SUPPORT_BEFORE_APPROVAL.length + 1 + SUPPORT_AFTER_APPROVAL.length)).toEqual(done.body['items'].map(line));
    expect(lines[SUPPORT_BEFORE_APPROVAL.length + 1 + SUPPORT_AFTER_APPROVAL.length]).toBe('user user: Thanks!');
  });

  it('gives a graph thread’s input, its interrupt and answer, and its output; 404 for a thread without checkpoints', async () => {
    review = await reviewStudio();
    await review.call('/api/threads/r1/runs', { input: { value: 'rivers' }, wait: true });
    const { body: state } = await review.call('/api/threads/r1/state');
    const id = state.interrupts[0].id as string;
    await review.call('/api/threads/r1/resume', { resume: { [id]: true }, wait: true });
    const { status, body } = await review.call('/api/threads/r1/transcript');
    expect(status).toBe(200);
    expect(body.items.map(line)).toEqual(['input "rivers"', `interrupt ${id} answered=true true`, 'output "On rivers"']);
    expect(body.items[1].interrupt.info).toEqual({ text: 'On rivers' });
    const missing = await review.call('/api/threads/nobody/transcript');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'THREAD_NOT_FOUND']);
  });
});

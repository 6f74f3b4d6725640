/**
 * The support system's eval: 15 requests a support desk gets — technical,
 * billing (refunds approved, refused, still waiting for a person), account,
 * the demo's combined request, small talk, a follow-up on the same thread —
 * each on a fresh thread, answered from its cassette in cassettes/support/:
 *
 *   weft eval docs/examples/support/support.eval.ts            (offline, from the cassettes)
 *   weft eval docs/examples/support/support.eval.ts --record   (re-records them from the live models)
 *
 * The live models are support-models.ts's: scripted, or an OpenAI-compatible
 * model when OPENAI_BASE_URL and OPENAI_API_KEY are set (so is the judge).
 */
import { fileURLToPath } from 'node:url';
import { cost, defineEval, exact, interrupts, llmJudge, trajectory, type EvalCase, type Scorer } from '@weft/eval';
import { supportAgent } from './support-agents.ts';
import { supportJudge } from './support-judge.ts';
import { openAISupportModels, scriptedSupportModels } from './support-models.ts';
import { exampleQuery } from './support.ts';

const live = openAISupportModels() ?? scriptedSupportModels();

const approve = { 'agent:Billing/tool:refund:*': { approved: true } };
const refundInterrupt = { address: 'agent:Billing/tool:refund:*', info: { tool: 'refund' } };
const toBilling = { transfer: 'Billing', from: 'Coordinator' };
const lookup = (invoice_id: string) => ({ tool: 'lookup_invoice', agent: 'Billing', args: { invoice_id } });
const refund = { tool: 'refund', agent: 'Billing', args: { invoice_id: 'INV-1042', amount: 49 } };

const cases: EvalCase[] = [
  {
    id: 'greeting',
    input: 'Hi there!',
    expected: { output: 'Hello! This is Acme support. How can I help: billing, a technical problem, or your account?', trajectory: [] },
    budget: { modelCalls: 1 },
    tags: ['small-talk', 'budget'],
  },
  {
    id: 'off-topic',
    input: 'Can you write me a poem?',
    expected: { output: 'I can help with billing, technical problems and account access at Acme. What do you need?', trajectory: [] },
    budget: { modelCalls: 1 },
    tags: ['small-talk', 'budget'],
  },
  {
    id: 'database-slow',
    input: 'The dashboard has been very slow since yesterday’s migration.',
    expected: {
      output: 'Done: the missing index is identified (Database).',
      trajectory: [
        { transfer: 'Tech', from: 'Coordinator' },
        { transfer: 'Database', from: 'Tech' },
        { tool: 'slow_queries', agent: 'Database' },
        { transfer: 'Coordinator', from: 'Tech' },
      ],
    },
    budget: { modelCalls: 6 },
    tags: ['tech', 'budget'],
  },
  {
    id: 'network-unreachable',
    input: 'We cannot connect to api.acme.example from the office. Is it the network?',
    expected: {
      output: 'Done: the network path to api.acme.example is healthy (Network).',
      trajectory: [
        { transfer: 'Tech', from: 'Coordinator' },
        { transfer: 'Network', from: 'Tech' },
        { tool: 'ping', agent: 'Network', args: { host: 'api.acme.example' } },
      ],
    },
    tags: ['tech'],
  },
  {
    id: 'network-needs-host',
    input: 'The network seems down: nothing will connect.',
    expected: {
      output: 'Which host cannot be reached? Send its name and I will measure the route to it.',
      trajectory: [{ transfer: 'Network', from: 'Tech' }],
    },
    tags: ['tech'],
  },
  {
    id: 'refund-approved',
    input: 'Invoice INV-1042 was charged twice. Please refund the duplicate.',
    answers: approve,
    expected: {
      output: 'Done: the duplicate March charge of $49.00 was refunded (Billing).',
      trajectory: [toBilling, lookup('INV-1042'), refund],
      interrupts: [refundInterrupt],
    },
    tags: ['billing', 'approval'],
  },
  {
    id: 'refund-rejected',
    input: 'Invoice INV-1042 was charged twice. Please refund the duplicate.',
    answers: { 'agent:Billing/tool:refund:*': { approved: false, reason: 'the second charge was a separate order' } },
    expected: {
      output: 'No refund was made on INV-1042, as the refund was not approved: "the second charge was a separate order" (Billing).',
      trajectory: [toBilling, lookup('INV-1042'), refund],
      interrupts: [refundInterrupt],
    },
    tags: ['billing', 'approval'],
  },
  {
    id: 'refund-awaits-approval',
    input: 'Invoice INV-1042 was charged twice. Please refund the duplicate.',
    expected: { status: 'interrupted', interrupts: [refundInterrupt], trajectory: [toBilling, lookup('INV-1042'), refund] },
    tags: ['billing', 'approval'],
  },
  {
    id: 'charged-once',
    input: 'I think invoice INV-1043 was charged twice, can you check?',
    expected: {
      output: 'INV-1043 was charged only once, in April, so there is nothing to refund (Billing).',
      trajectory: [toBilling, lookup('INV-1043')],
    },
    tags: ['billing'],
  },
  {
    id: 'unknown-invoice',
    input: 'Please refund INV-9999, it was charged twice.',
    expected: { output: 'There is no invoice INV-9999 (Billing).', trajectory: [toBilling, lookup('INV-9999')] },
    tags: ['billing'],
  },
  {
    id: 'invoice-follow-up',
    turns: ['I was charged twice for my subscription this month.', 'It is INV-1042.'],
    answers: approve,
    expected: {
      output: 'Done: the duplicate March charge of $49.00 was refunded (Billing).',
      trajectory: [toBilling, { transfer: 'Coordinator', from: 'Billing' }, toBilling, lookup('INV-1042'), refund],
    },
    tags: ['billing', 'multi-turn'],
  },
  {
    id: 'password-reset',
    input: 'I forgot my password. Please send a reset link to ana@example.com.',
    expected: {
      output: 'Done: a reset link was sent to ana@example.com (Account).',
      trajectory: [
        { transfer: 'Account', from: 'Coordinator' },
        { tool: 'reset_password', agent: 'Account', args: { email: 'ana@example.com' } },
      ],
    },
    tags: ['account'],
  },
  {
    id: 'password-needs-email',
    input: 'I cannot log in to my account.',
    expected: {
      output: 'Which email address is on the account? The reset link goes there.',
      trajectory: [{ transfer: 'Account', from: 'Coordinator' }],
    },
    tags: ['account'],
  },
  {
    id: 'reset-and-invoice',
    input: 'Please reset the password for ana@example.com, and check invoice INV-1043, which I think was charged twice.',
    expected: {
      output:
        'A reset link was sent to ana@example.com (Account). INV-1043 was charged only once, in April, so there is nothing to refund (Billing).',
      trajectory: [
        { transfer: 'Account', from: 'Coordinator' },
        { tool: 'reset_password', agent: 'Account' },
        toBilling,
        lookup('INV-1043'),
      ],
    },
    tags: ['account', 'billing'],
  },
  {
    id: 'demo',
    input: exampleQuery,
    answers: approve,
    expected: {
      output: 'Done: the missing index is identified (Database), and the duplicate March charge of $49.00 was refunded (Billing).',
      trajectory: [
        { transfer: 'Tech', from: 'Coordinator' },
        { transfer: 'Database', from: 'Tech' },
        { tool: 'slow_queries', agent: 'Database' },
        { transfer: 'Coordinator', from: 'Tech' },
        toBilling,
        lookup('INV-1042'),
        refund,
      ],
      interrupts: [refundInterrupt],
    },
    budget: { modelCalls: 10 },
    tags: ['tech', 'billing', 'approval', 'budget'],
  },
];

const judge = llmJudge({
  rubric:
    'When a refund ran, the answer states the amount refunded and the invoice or the month it was for. ' +
    'When a refund was refused, the answer says that no refund was made. ' +
    'When no refund ran, the answer does not claim one, and names the invoice it checked.',
  model: supportJudge(),
});

/** The judge grades the billing answers only: what it checks is about refunds. */
const refundAnswer: Scorer = {
  name: 'refundAnswer',
  score: (run, context) => (run.status === 'done' && run.case.tags?.includes('billing') ? judge.score(run, context) : null),
};

export const supportEval = defineEval({
  name: 'support',
  target: ({ model }) => supportAgent((name) => model(live(name), { name })),
  sessionValues: { company: 'Acme' },
  cases,
  scorers: {
    // The transfers and calls each case expects happened (others may happen too)...
    route: trajectory({ mode: 'superset' }),
    // ...and the tool calls are exactly the expected ones, in order: no refund a case does not expect.
    tools: trajectory({ mode: 'strict', ignore: ['transfer'] }),
    answer: exact(),
    approval: interrupts(),
    cost: cost(),
    refundAnswer,
  },
  thresholds: { passRate: 1 },
  cassettes: fileURLToPath(new URL('./cassettes/support', import.meta.url)),
});

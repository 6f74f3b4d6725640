/**
 * A real eval report for the HTML report's tests: a Coordinator with Billing
 * and Tech sub-agents on scripted models, three cases run by `runEval` with
 * their run logs kept, scored by a plain scorer and an LLM judge (a scripted
 * judge model). Every case goes to Billing, so Tech and its tools are
 * missed; the judge fails one case; one answer carries markup that must
 * never run.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chatModelAgent, tool, withSubAgents, type Agent, type Message } from '@weft/agents';
import { scriptedModel, type ScriptAnswer } from '@weft/models';
import { defineEval } from '../../define/define-eval.ts';
import type { EvalReport } from '../../report/eval-report.ts';
import { runEval } from '../../run/run-eval.ts';
import { llmJudge } from '../../scorers/llm-judge.ts';
import type { ScorerFn } from '../../scorers/scorer.ts';

/** Markup that sets `window.__xss` if the page ever parses report data as HTML. */
export const XSS_OUTPUT = '</script><img src=x onerror="window.__xss=2"> <b onclick="window.__xss=3">done</b>';
export const XSS_TAG = '<i>markup</i>';
/** A case id no eval file may have, but a report read from a file may hold: the page must not trust it. */
export const XSS_CASE_ID = 'xss-<script>window.__xss=1</script>';
export const FAILED_CASE = 'refund-made';
export const JUDGE_REASONING = 'The customer asked for a refund; the agent only looked the invoice up.';
export const FAILED_ANSWER = 'I looked at INV-1.';

const said = (messages: readonly Message[], tool: string) =>
  messages.some((m) => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => c.name === tool));
// The question is the first user message: later ones carry context from other agents.
const question = (messages: readonly Message[]) => String(messages.find((m) => m.role === 'user')?.content ?? '');
const transfer = (agent_name: string, id: string): ScriptAnswer => ({
  toolCalls: [{ id, name: 'transfer_to_agent', arguments: { agent_name, reason: `${agent_name} handles this` } }],
});

/** The Coordinator's answer once Billing is done, by what the user asked. */
function answer(question: string): string {
  if (question.includes('markup')) return XSS_OUTPUT;
  if (question.includes('refund')) return FAILED_ANSWER;
  return 'INV-1 was charged twice; Billing looked it up.';
}

function supportDesk(): Agent {
  const lookup = tool<{ invoice_id: string }>({
    name: 'lookup_invoice',
    description: 'Looks an invoice up.',
    parameters: { type: 'object', properties: { invoice_id: { type: 'string' } }, required: ['invoice_id'] },
    execute: ({ invoice_id }) => `${invoice_id}: $49.00, charged twice`,
  });
  const ping = tool<{ host: string }>({
    name: 'ping',
    description: 'Pings a host.',
    parameters: { type: 'object', properties: { host: { type: 'string' } }, required: ['host'] },
    execute: ({ host }) => `${host} answers`,
  });
  const scripted = (name: string, rule: (m: readonly Message[]) => ScriptAnswer) =>
    scriptedModel([(m) => rule(m)], { name: `scripted:${name}`, repeatLast: true });
  const coordinator = chatModelAgent({
    name: 'Coordinator',
    description: 'Front desk.',
    instruction: 'Send each request to the right specialist.',
    model: scripted('Coordinator', (m) =>
      said(m, 'transfer_to_agent') ? { text: answer(question(m)) } : transfer('Billing', `c_${m.length}`),
    ),
  });
  const billing = chatModelAgent({
    name: 'Billing',
    description: 'Invoices and refunds.',
    instruction: 'Look invoices up.',
    model: scripted('Billing', (m) =>
      said(m, 'lookup_invoice')
        ? transfer('Coordinator', `b_${m.length}`)
        : { toolCalls: [{ id: `b_${m.length}`, name: 'lookup_invoice', arguments: { invoice_id: 'INV-1' } }] },
    ),
    tools: [lookup],
  });
  const tech = chatModelAgent({
    name: 'Tech',
    description: 'Technical problems.',
    instruction: 'Diagnose.',
    model: scripted('Tech', () => ({ text: 'fine' })),
    tools: [ping],
  });
  return withSubAgents(coordinator, [billing, tech]);
}

/** Passes when Billing looked the invoice up; its reason quotes the answer. */
const toolCalled: ScorerFn = (run) => {
  const pass = run.trajectory.some((s) => s.type === 'tool' && s.tool === 'lookup_invoice');
  return { score: pass ? 1 : 0, pass, reason: `lookup_invoice ${pass ? 'was' : 'was not'} called; the answer: ${String(run.output)}` };
};

/** The judge fails an answer that does not say the refund was made, when one was asked for. */
const judgeModel = scriptedModel(
  [
    (messages) => {
      const prompt = String(messages.at(-1)?.content ?? '');
      const pass = !prompt.includes(`Final output:\n${FAILED_ANSWER}`);
      return { output: { reasoning: pass ? 'The answer says what was done.' : JUDGE_REASONING, score: pass ? 1 : 0, pass } };
    },
  ],
  { name: 'scripted:judge', repeatLast: true },
);

/** Runs the eval (live: the scripted models are the live ones) with its run logs in a fresh folder; gives the report and the logs by case id. */
export async function recordEvalReport(): Promise<{ report: EvalReport; runLogs: Record<string, string>; folder: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'weft-eval-html-'));
  const definition = defineEval({
    name: 'support-billing',
    target: supportDesk(),
    cases: [
      { id: 'invoice-looked-up', input: 'I was charged twice for INV-1.', tags: ['billing'] },
      { id: FAILED_CASE, input: 'Please refund INV-1: it was charged twice.', tags: ['billing', 'refund'] },
      { id: 'markup-answer', input: 'Answer INV-1 with markup.', tags: [XSS_TAG] },
    ],
    scorers: { 'tool-called': toolCalled, judge: llmJudge({ rubric: 'Says the refund was made when asked for one.', model: judgeModel }) },
    thresholds: { passRate: 0.9, scorers: { 'tool-called': 1 } },
  });
  const report = await runEval(definition, { mode: 'live', runLogs: join(folder, 'runs') });
  const runLogs = Object.fromEntries(report.cases.map((c) => [c.id, readFileSync(c.runLog!, 'utf8')]));
  return { report, runLogs, folder };
}

/** The report with its third case renamed to XSS_CASE_ID (and its run log keyed so): what a hand-edited report file may hold. */
export function withMarkupCaseId(
  report: EvalReport,
  runLogs: Record<string, string>,
): { report: EvalReport; runLogs: Record<string, string> } {
  const cases = report.cases.map((c) => (c.id === 'markup-answer' ? { ...c, id: XSS_CASE_ID } : c));
  const { 'markup-answer': log, ...others } = runLogs;
  return { report: { ...report, cases }, runLogs: { ...others, [XSS_CASE_ID]: log! } };
}

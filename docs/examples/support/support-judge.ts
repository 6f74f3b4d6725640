/**
 * The judge of the support eval's answers: an OpenAI-compatible model when
 * OPENAI_BASE_URL and OPENAI_API_KEY are set, otherwise a scripted judge
 * that grades by fixed checks on what it is sent (the steps the agents took
 * and the final answer): when a refund ran, the answer must state the amount
 * and the invoice or month it was for; when it was refused, the answer must
 * say no refund was made; when none ran, the answer must not claim one.
 */
import { textOf, type Message } from '@weft/agents';
import type { ChatModel } from '@weft/chat-model';
import { openAIChatModel, scriptedModel } from '@weft/models';
import { parseInvoice } from './support-billing-rules.ts';

/** What the judge rules read from the judge's prompt. */
interface Graded {
  steps: string[];
  output: string;
}

/** One check of the answer: what it says, and whether it holds. */
interface Check {
  what: string;
  holds: boolean;
}

const CLAIMS_REFUND = /\b(was|is|been) refunded\b/i;

export function supportJudge(env: NodeJS.ProcessEnv = process.env): ChatModel {
  const { OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL } = env;
  if (OPENAI_BASE_URL && OPENAI_API_KEY)
    return openAIChatModel({ baseURL: OPENAI_BASE_URL, apiKey: OPENAI_API_KEY, model: OPENAI_MODEL ?? 'gpt-4o-mini' });
  return scriptedModel([(messages) => ({ output: verdict(graded(messages)) })], { name: 'scripted:judge', repeatLast: true });
}

/** The steps and the final output, from the sections of the judge's prompt. */
function graded(messages: readonly Message[]): Graded {
  const prompt = textOf(messages.findLast((m) => m.role === 'user') ?? { role: 'user', content: '' });
  const section = (title: string) => new RegExp(`${title}:\\n([\\s\\S]*?)(?:\\n\\n[A-Z][\\w ]+:\\n|$)`).exec(prompt)?.[1] ?? '';
  return { steps: section('Steps the agent took').split('\n'), output: section('Final output') };
}

function verdict({ steps, output }: Graded): { reasoning: string; score: number; pass: boolean } {
  const checks = checksOf(steps, output);
  const failed = checks.filter((c) => !c.holds);
  const reasoning =
    failed.length === 0
      ? `The answer ${checks.map((c) => c.what).join(', and ')}.`
      : `The answer fails the rubric: it does not hold that it ${failed.map((c) => c.what).join(', nor that it ')}.`;
  return { reasoning, score: (checks.length - failed.length) / checks.length, pass: failed.length === 0 };
}

function checksOf(steps: readonly string[], output: string): Check[] {
  const refund = steps.find((s) => / called refund /.test(s));
  const invoice = parseInvoice(
    / called lookup_invoice \S+ -> (\{.*\})$/.exec(steps.find((s) => / called lookup_invoice /.test(s)) ?? '')?.[1] ?? '',
  );
  const refunded = / -> refunded (\$[\d.]+) on (\S+)$/.exec(refund ?? '');
  if (refunded) {
    const [, amount = '', invoiceId = ''] = refunded;
    return [
      { what: `states the amount refunded (${amount})`, holds: output.includes(amount) && /refund/i.test(output) },
      {
        what: `names the invoice (${invoiceId}) or the month it was for`,
        holds: output.includes(invoiceId) || (invoice !== undefined && output.includes(invoice.month)),
      },
    ];
  }
  if (refund)
    return [
      { what: 'says no refund was made', holds: /\bno refund\b/i.test(output) },
      { what: 'does not claim a refund', holds: !CLAIMS_REFUND.test(output) },
    ];
  return [
    { what: 'does not claim a refund', holds: !CLAIMS_REFUND.test(output) },
    ...(invoice ? [{ what: `names the invoice it checked (${invoice.invoice_id})`, holds: output.includes(invoice.invoice_id) }] : []),
  ];
}

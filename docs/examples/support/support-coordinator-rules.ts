/**
 * The scripted coordinator: sends each part of the latest request to its
 * specialist, in the order the request raises them, then sums up what the
 * specialists' tools did (or relays their questions); a greeting or a
 * request no specialist handles it answers itself.
 */
import type { ScriptAnswer } from '@weft/models';
import { parseInvoice, rejection } from './support-billing-rules.ts';
import type { Conversation, ToolResult } from './support-conversation.ts';
import { topicsOf, type Specialist } from './support-topics.ts';
import { transfer } from './support-transfer.ts';

/** One thing the customer is told: a clause of the summary; `done` when it reports work completed. */
interface Outcome {
  done: boolean;
  text: string;
}

/** The agent each kind of request goes to: its specialist's name (another version of the system may name another desk). */
export type Desks = Readonly<Record<Specialist, string>>;

const DESKS: Desks = { Tech: 'Tech', Billing: 'Billing', Account: 'Account' };

export function coordinatorRule(c: Conversation, desks: Desks = DESKS): ScriptAnswer {
  const topics = topicsOf(c.request).map((t) => ({ ...t, agent: desks[t.agent] }));
  if (topics.length === 0) return { text: smallTalk(c) };
  const next = topics.find((t) => !c.transferredTo(t.agent));
  return next ? transfer(next.agent, next.reason) : { text: summary(c) };
}

function smallTalk(c: Conversation): string {
  const { company } = c;
  if (/^\s*(hi|hello|hey|good (morning|afternoon|evening))\b/i.test(c.request))
    return `Hello! This is ${company ? `${company} ` : ''}support. How can I help: billing, a technical problem, or your account?`;
  if (/\b(thanks|thank you)\b/i.test(c.request)) return 'You are welcome! Is there anything else I can help with?';
  return `I can help with billing, technical problems and account access${company ? ` at ${company}` : ''}. What do you need?`;
}

/**
 * "Done: A, and B." when every part was done; otherwise each outcome as a
 * sentence (a refusal, a question a specialist asks).
 */
function summary(c: Conversation): string {
  const outcomes = [
    ...c.results().flatMap((r) => outcomeOf(r, c)),
    ...c
      .said()
      .filter((s) => s.text.includes('?'))
      .map((s) => ({ done: false, text: s.text })),
  ];
  if (outcomes.length === 0) return 'Your request is with our specialists; they had nothing to report yet.';
  if (outcomes.every((o) => o.done)) return `Done: ${outcomes.map((o) => o.text).join(', and ')}.`;
  return outcomes.map((o) => sentence(o.text)).join(' ');
}

function outcomeOf({ tool, result, agent }: ToolResult, c: Conversation): Outcome[] {
  switch (tool) {
    case 'slow_queries':
      return /index \w+ missing/.test(result)
        ? [{ done: true, text: 'the missing index is identified (Database)' }]
        : [{ done: false, text: 'the database is not the cause (Database)' }];
    case 'ping': {
      const host = result.split(':')[0];
      return /\b0% loss/.test(result)
        ? [{ done: true, text: `the network path to ${host} is healthy (Network)` }]
        : [{ done: false, text: `${host} loses packets (Network)` }];
    }
    case 'reset_password':
      return [{ done: true, text: `a ${result.replace(/^reset link sent/, 'reset link was sent')} (Account)` }];
    case 'lookup_invoice':
      return [
        invoiceOutcome(
          { tool, result, agent },
          c.results().findLast((r) => r.tool === 'refund'),
        ),
      ];
    default:
      return [];
  }
}

/** What became of an invoice: each clause names the agent whose tool found it out. */
function invoiceOutcome(lookup: ToolResult, refund: ToolResult | undefined): Outcome {
  const invoice = parseInvoice(lookup.result);
  const by = ` (${lookup.agent})`;
  if (!invoice) return { done: false, text: `there is ${lookup.result}${by}` };
  const { invoice_id, amount, charges, month } = invoice;
  if (refund?.result.startsWith('refunded'))
    return { done: true, text: `the duplicate ${month} charge of $${amount.toFixed(2)} was refunded (${refund.agent})` };
  if (refund !== undefined)
    return { done: false, text: `no refund was made on ${invoice_id}, as ${whyNot(refund.result)} (${refund.agent})` };
  if (charges < 2) return { done: false, text: `${invoice_id} was charged only once, in ${month}, so there is nothing to refund${by}` };
  return { done: false, text: `${invoice_id} was charged ${charges} times in ${month}${by}` };
}

/** Why a refund was not made: a person refused it, or (version 2) the amount is over the session's refund limit. */
function whyNot(result: string): string {
  const over = /^not refunded: (.*?) is over the refund limit of (.*?);/.exec(result);
  return over ? `${over[1]} is over the refund limit of ${over[2]}` : rejection(result);
}

function sentence(text: string): string {
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.?!]$/.test(capital) ? capital : `${capital}.`;
}

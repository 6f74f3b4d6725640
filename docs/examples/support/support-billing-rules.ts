/**
 * The scripted Billing agent: finds the invoice the customer means (in the
 * latest request, else in an earlier one), looks it up, and refunds a
 * duplicate charge when the customer asks about one; a person approves the
 * refund. Whatever happens, it says so and hands back to the coordinator.
 */
import type { ScriptAnswer } from '@weft/models';
import type { Conversation } from './support-conversation.ts';
import { transfer } from './support-transfer.ts';

/** An invoice as lookup_invoice returns it. */
export interface Invoice {
  invoice_id: string;
  amount: number;
  charges: number;
  month: string;
}

const INVOICE = /\bINV-\d+\b/;
const DUPLICATE = /charged twice|double charge|charged two times|duplicate|refund/i;

export function billingRule(c: Conversation): ScriptAnswer {
  const checked = checkInvoice(c);
  if (checked.kind === 'answer') return checked.answer;
  const { invoice_id: invoiceId, amount, month } = checked.invoice;
  const refunded = c.result('refund');
  if (refunded === undefined)
    return {
      toolCalls: [{ name: 'refund', arguments: { invoice_id: invoiceId, amount, reason: `charged twice in ${month}` } }],
    };
  if (refunded.startsWith('refunded'))
    return transfer('Coordinator', 'The refund is done.', `${invoiceId} was charged twice; $${amount.toFixed(2)} is refunded.`);
  return transfer('Coordinator', 'The refund was not approved.', `No refund was made on ${invoiceId}, as ${rejection(refunded)}.`);
}

/**
 * The billing desk's work up to a refund: the invoice the customer means (in
 * the latest request, else in an earlier one) looked up, and a duplicate
 * charge the customer asks about found. Either the desk's next answer (look
 * the invoice up, or tell the coordinator what it found), or the invoice to
 * refund.
 */
export function checkInvoice(c: Conversation): { kind: 'answer'; answer: ScriptAnswer } | { kind: 'refund'; invoice: Invoice } {
  const answer = (a: ScriptAnswer) => ({ kind: 'answer' as const, answer: a });
  const invoiceId = [...c.requests]
    .reverse()
    .find((r) => INVOICE.test(r))
    ?.match(INVOICE)?.[0];
  if (!invoiceId)
    return answer(
      transfer('Coordinator', 'The invoice number is needed.', 'Which invoice is it? Please send its number (it starts with INV-).'),
    );
  const found = c.result('lookup_invoice');
  if (found === undefined) return answer({ toolCalls: [{ name: 'lookup_invoice', arguments: { invoice_id: invoiceId } }] });
  const invoice = parseInvoice(found);
  if (!invoice)
    return answer(transfer('Coordinator', 'The invoice does not exist.', `There is no invoice ${invoiceId}; please check its number.`));
  const { amount, charges, month } = invoice;
  if (charges < 2)
    return answer(
      transfer(
        'Coordinator',
        'Nothing to refund.',
        `${invoiceId} was charged once ($${amount.toFixed(2)} in ${month}): there is no duplicate charge to refund.`,
      ),
    );
  if (!c.requests.some((r) => DUPLICATE.test(r)))
    return answer(transfer('Coordinator', 'The invoice is checked.', `${invoiceId} was charged ${charges} times in ${month}.`));
  return { kind: 'refund', invoice };
}

/** The invoice in lookup_invoice's result, or undefined when it found none. */
export function parseInvoice(result: string): Invoice | undefined {
  try {
    const value = JSON.parse(result) as Partial<Invoice> | null;
    return typeof value?.invoice_id === 'string' && typeof value.amount === 'number' ? (value as Invoice) : undefined;
  } catch {
    return undefined;
  }
}

/** Why a person refused the refund, as the refused call's result says it. */
export function rejection(result: string): string {
  const reason = /rejected the call to refund: (.*?)\.?$/s.exec(result)?.[1];
  return reason ? `the refund was not approved: "${reason}"` : 'the refund was not approved';
}

/**
 * The scripted Refunds agent (version 2): refunds the duplicate charge of
 * the invoice Invoices looked up (a person approves the call; the tool
 * enforces the session's refund limit), says what became of it, and hands
 * back to Invoices.
 */
import type { ScriptAnswer } from '@weft/models';
import { parseInvoice, rejection } from '../support-billing-rules.ts';
import type { Conversation } from '../support-conversation.ts';
import { transfer } from '../support-transfer.ts';

export function refundsRule(c: Conversation): ScriptAnswer {
  const invoice = parseInvoice(c.result('lookup_invoice') ?? '');
  if (!invoice) return transfer('Invoices', 'No invoice was looked up.', 'Which invoice should be refunded?');
  const { invoice_id, amount, month } = invoice;
  const refunded = c.result('refund');
  if (refunded === undefined)
    return { toolCalls: [{ name: 'refund', arguments: { invoice_id, amount, reason: `charged twice in ${month}` } }] };
  if (refunded.startsWith('refunded'))
    return transfer('Invoices', 'The refund is done.', `${invoice_id} was charged twice; $${amount.toFixed(2)} is refunded.`);
  if (refunded.startsWith('not refunded'))
    return transfer(
      'Invoices',
      'The refund is over the limit.',
      `No refund was made on ${invoice_id}: ${refunded.slice('not refunded: '.length)}.`,
    );
  return transfer('Invoices', 'The refund was not approved.', `No refund was made on ${invoice_id}, as ${rejection(refunded)}.`);
}

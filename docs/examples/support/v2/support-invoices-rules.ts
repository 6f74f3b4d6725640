/**
 * The scripted Invoices agent (version 2): checks the invoice as Billing did
 * in version 1, but hands a duplicate charge to Refunds instead of refunding
 * it; once Refunds has handed back (and said what it did), it hands back to
 * the coordinator.
 */
import type { ScriptAnswer } from '@weft/models';
import { checkInvoice } from '../support-billing-rules.ts';
import type { Conversation } from '../support-conversation.ts';
import { transfer } from '../support-transfer.ts';

export function invoicesRule(c: Conversation): ScriptAnswer {
  if (c.transferredTo('Refunds')) return transfer('Coordinator', 'The billing part is done.');
  const checked = checkInvoice(c);
  if (checked.kind === 'answer') return checked.answer;
  const { invoice_id, month } = checked.invoice;
  return transfer('Refunds', `${invoice_id} was charged twice in ${month}: a refund.`);
}

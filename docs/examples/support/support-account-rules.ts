/**
 * The scripted Account agent: sends a password-reset link to the email the
 * customer gave (in the latest request, else an earlier one), or asks for
 * it, and hands back to the coordinator.
 */
import type { ScriptAnswer } from '@weft/models';
import type { Conversation } from './support-conversation.ts';
import { transfer } from './support-transfer.ts';

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

export function accountRule(c: Conversation): ScriptAnswer {
  const email = [...c.requests]
    .reverse()
    .find((r) => EMAIL.test(r))
    ?.match(EMAIL)?.[0];
  if (!email)
    return transfer('Coordinator', 'The account email is needed.', 'Which email address is on the account? The reset link goes there.');
  if (!c.called('reset_password')) return { toolCalls: [{ name: 'reset_password', arguments: { email } }] };
  return transfer('Coordinator', 'The reset link is sent.', `A reset link is on its way to ${email}.`);
}

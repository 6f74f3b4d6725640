/**
 * Scripted models for version 2 of the support system: Tech, its
 * specialists and Account answer as in version 1, the coordinator sends
 * billing questions to Invoices, and Invoices and Refunds share what Billing
 * did.
 */
import { accountRule } from '../support-account-rules.ts';
import { coordinatorRule } from '../support-coordinator-rules.ts';
import { scriptedModelsFor, type SupportRule } from '../support-models.ts';
import { databaseRule, networkRule, techRule } from '../support-tech-rules.ts';
import { invoicesRule } from './support-invoices-rules.ts';
import { refundsRule } from './support-refunds-rules.ts';
import type { ModelForV2, SupportV2AgentName } from './support-v2-agents.ts';

const rules: Record<SupportV2AgentName, SupportRule> = {
  Coordinator: (c) => coordinatorRule(c, { Tech: 'Tech', Billing: 'Invoices', Account: 'Account' }),
  Invoices: invoicesRule,
  Refunds: refundsRule,
  Tech: techRule,
  Database: databaseRule,
  Network: networkRule,
  Account: accountRule,
};

/** Scripted models that answer by version 2's rules, one per agent. */
export function scriptedSupportModelsV2(): ModelForV2 {
  return scriptedModelsFor(rules);
}

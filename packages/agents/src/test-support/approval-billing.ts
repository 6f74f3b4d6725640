import { scriptedModel, type ScriptItem } from '@weft/models';
import { chatModelAgent } from '../agents/chat-model-agent.ts';
import { tool } from '../tools/tool.ts';

/**
 * An agent named Billing with one tool, `refund({ amount })`, that needs
 * approval; `script` is what its model answers, in order. The runner tests'
 * common case of a run that stops for an approval and a resume that ends it.
 */
export function approvalBilling(script: ScriptItem[]) {
  const refund = tool<{ amount: number }>({
    name: 'refund',
    description: 'Refunds an amount.',
    parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] },
    needsApproval: true,
    execute: ({ amount }) => `refunded ${amount}`,
  });
  return chatModelAgent({ name: 'Billing', description: '', model: scriptedModel(script), tools: [refund] });
}

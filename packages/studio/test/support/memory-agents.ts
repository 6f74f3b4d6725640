/**
 * An agent with memory tools over a bank the test holds, on a scripted
 * model: its first run remembers two facts and recalls them, its second
 * forgets one twice (the second finds nothing).
 */
import { chatModelAgent, memoryTools } from '@weft/agents';
import type { MemoryBank } from '@weft/memory';
import { scriptedModel } from '@weft/models';

/** Where the agent's memories go: one customer's, shared by every thread. */
export const MEMORY_NAMESPACE = ['customers', 'acme'];

export const PLAN_TEXT = 'The customer is on the Pro plan.';
export const LANG_TEXT = 'The customer prefers English.';

/** Keeper: run 1 remembers `plan` and `lang`, then recalls "Pro plan English"; run 2 forgets `plan`, then again. */
export function memoryAgent(bank: MemoryBank) {
  const model = scriptedModel(
    [
      {
        toolCalls: [
          { id: 'w1', name: 'remember', arguments: { text: PLAN_TEXT, key: 'plan' } },
          { id: 'w2', name: 'remember', arguments: { text: LANG_TEXT, key: 'lang' } },
        ],
      },
      { toolCalls: [{ id: 'r1', name: 'recall', arguments: { query: 'Pro plan English' } }] },
      { text: 'Noted: the Pro plan, in English.' },
      { toolCalls: [{ id: 'f1', name: 'forget', arguments: { key: 'plan' } }] },
      { toolCalls: [{ id: 'f2', name: 'forget', arguments: { key: 'plan' } }] },
      { text: 'Forgotten.' },
    ],
    { name: 'scripted:Keeper' },
  );
  return chatModelAgent({
    name: 'Keeper',
    description: 'Remembers what customers say about themselves.',
    model,
    tools: memoryTools({ bank, namespace: MEMORY_NAMESPACE }),
  });
}

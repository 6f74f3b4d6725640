import { AgentError } from '../errors.ts';
import type { InputGuardrail } from './input-guardrail.ts';
import type { OutputGuardrail } from './output-guardrail.ts';
import type { ToolGuardrail } from './tool-guardrail.ts';

/** `chatModelAgent({ guardrails })`: checks on the run's input, the final answer, and tool calls. See docs/agents/guardrails.md. */
export interface AgentGuardrails {
  input?: readonly InputGuardrail[];
  output?: readonly OutputGuardrail[];
  tool?: readonly ToolGuardrail[];
}

const KINDS = { input: 'inputGuardrail', output: 'outputGuardrail', tool: 'toolGuardrail' } as const;

/**
 * Refuses guardrails an agent cannot use (GUARDRAIL_INVALID): a list that is
 * not one, an entry not made by its kind's function, two of one name.
 */
export function checkAgentGuardrails(value: unknown, agentName: string): void {
  const where = `chatModelAgent ${JSON.stringify(agentName)}: guardrails`;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new AgentError('GUARDRAIL_INVALID', `${where} must be { input?, output?, tool? }`);
  const names = new Set<string>();
  for (const [key, list] of Object.entries(value)) {
    if (list === undefined) continue;
    if (!(key in KINDS)) throw new AgentError('GUARDRAIL_INVALID', `${where}: unknown kind "${key}" (input, output or tool)`);
    const kind = key as keyof typeof KINDS;
    if (!Array.isArray(list)) throw new AgentError('GUARDRAIL_INVALID', `${where}.${kind} must be a list`);
    for (const g of list as { kind?: unknown; name?: unknown }[]) {
      if (g?.kind !== kind) throw new AgentError('GUARDRAIL_INVALID', `${where}.${kind} takes guardrails made with ${KINDS[kind]}()`);
      const name = String(g.name);
      if (names.has(name)) throw new AgentError('GUARDRAIL_INVALID', `${where}: two guardrails are named "${name}"`);
      names.add(name);
    }
  }
}

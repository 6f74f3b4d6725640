import { checkGuardrail, type Guardrail } from '@weft/graph';
import { AgentError } from '../errors.ts';

/**
 * The common part of the agent guardrails' definitions, checked: a bad one is
 * GUARDRAIL_INVALID at once; `invalid` makes the error for the kind's own checks.
 */
export function guardrailDefinition<T>(
  config: Guardrail<T>,
  where: string,
): { guardrail: Guardrail<T> & { failOpen: boolean }; invalid: (problem: string) => AgentError } {
  const invalid = (problem: string) => new AgentError('GUARDRAIL_INVALID', `${where}: ${problem}`);
  try {
    checkGuardrail(config, where);
  } catch (err) {
    throw new AgentError('GUARDRAIL_INVALID', (err as Error).message);
  }
  return { guardrail: { name: config.name, check: config.check.bind(config), failOpen: config.failOpen === true }, invalid };
}

import { textOf } from '@weft/chat-model';
import { AgentError } from '../errors.ts';
import type { PreparedOutput } from '../agents/output-schema.ts';
import type { FinalMessage } from './final-answer.ts';

/**
 * The run's final output for an agent with an outputSchema: the final
 * message's JSON value, validated (the model node accepted it already, so this
 * only fails for a message that did not pass there: a typed OUTPUT_INVALID).
 */
export async function finalOutput(final: FinalMessage, schema: PreparedOutput): Promise<unknown> {
  const check = await schema.check(textOf(final.message));
  if (check.ok) return check.value;
  throw new AgentError('OUTPUT_INVALID', `agent "${final.agentName}": the final answer does not match its outputSchema: ${check.message}`, {
    details: { agent: final.agentName },
  });
}

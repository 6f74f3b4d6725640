import type { InterruptRecord } from '@weft/graph';
import { matchAddress } from './match-address.ts';

/**
 * The resume values a case gives for pending interrupts: for each, the value
 * of the first pattern (the case's `answers`, then the eval's) that matches
 * its address. Interrupts no pattern matches are left out: they stay pending.
 *
 * @example
 * answerInterrupts(result.interrupts, [{ 'agent:Billing/tool:refund:*': { approved: true } }]);
 * // { 'agent:Coordinator/agent:Billing/tool:refund:billing_16_0#0': { approved: true } }
 */
export function answerInterrupts(
  interrupts: readonly InterruptRecord[],
  answerSets: readonly Readonly<Record<string, unknown>>[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const interrupt of interrupts) {
    for (const answers of answerSets) {
      const pattern = Object.keys(answers).find((p) => matchAddress(p, interrupt.address));
      if (pattern === undefined) continue;
      values[interrupt.id] = answers[pattern];
      break;
    }
  }
  return values;
}

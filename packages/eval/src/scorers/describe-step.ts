import type { ExpectedStep } from '../define/expected-step.ts';
import type { TrajectoryStep } from '../run/trajectory-step.ts';
import { showValue } from './show-value.ts';

/**
 * A step as a reason names it: `Billing: refund({"invoice_id":"INV-1042"})`
 * for a call the run made, `refund(invoice_id: /^INV-/)` for an expected
 * one (only the arguments it checks), `transfer Coordinator → Billing`.
 *
 * @example
 * describeStep({ type: 'transfer', from: 'Coordinator', to: 'Billing' }); // 'transfer Coordinator → Billing'
 */
export function describeStep(step: ExpectedStep | TrajectoryStep): string {
  if ('type' in step) {
    if (step.type === 'transfer') return `transfer ${step.from} → ${step.to}`;
    return `${step.agent}: ${step.tool}(${showValue(step.args)})`;
  }
  if ('tool' in step) {
    const args = Object.entries(step.args ?? {}).map(([key, matcher]) => `${key}: ${showValue(matcher)}`);
    return `${step.agent === undefined ? '' : `${step.agent}: `}${step.tool}(${args.join(', ')})`;
  }
  return `transfer ${step.from === undefined ? '' : `${step.from} `}→ ${step.transfer}`;
}

import type { Span } from '@opentelemetry/api';
import type { GuardrailEvent } from '@weft/graph';

/** The span event a guardrail's trip, rewrite, failed-open check or released window becomes. */
export const GUARDRAIL_SPAN_EVENT = 'weft.guardrail';

/**
 * Records what a guardrail did as a `weft.guardrail` event on `span` (the
 * agent's or the node's): its name, stage, action and reason. The original
 * and the replacement of a rewrite are content, so they stay off the span;
 * a released window adds how much text was held and for how long.
 *
 * @example
 * recordGuardrail(agentSpan, { name: 'no-card', stage: 'output', action: 'trip', reason: 'a card number' });
 */
export function recordGuardrail(span: Span, g: GuardrailEvent): void {
  span.addEvent(GUARDRAIL_SPAN_EVENT, {
    'weft.guardrail.name': g.name,
    'weft.guardrail.stage': g.stage,
    'weft.guardrail.action': g.action,
    ...(g.reason !== undefined ? { 'weft.guardrail.reason': g.reason } : {}),
    ...(g.heldChars !== undefined ? { 'weft.guardrail.held_chars': g.heldChars } : {}),
    ...(g.heldMs !== undefined ? { 'weft.guardrail.held_ms': g.heldMs } : {}),
  });
}

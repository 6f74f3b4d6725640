/**
 * Which specialists a customer's request needs, in the order the request
 * raises them ("the dashboard times out, and INV-1042 was charged twice":
 * Tech, then Billing), and why each one, in a sentence the transfer gives.
 */
import type { SupportAgentName } from './support-agents.ts';

/** A specialist the coordinator can send part of a request to. */
export type Specialist = Extract<SupportAgentName, 'Tech' | 'Billing' | 'Account'>;

/** A part of the request: the specialist it goes to and the transfer's reason. */
export interface Topic {
  agent: Specialist;
  reason: string;
}

const TOPICS: readonly { agent: Specialist; pattern: RegExp; reason: (request: string) => string }[] = [
  {
    agent: 'Tech',
    pattern: /\b(slow|time[sd]? out|timeout|outage|errors?|database|quer(y|ies)|network|connect|reach|dns|latency)\b/i,
    reason: techReason,
  },
  {
    agent: 'Billing',
    pattern: /\b(invoice|INV-\d+|charged?|refund|billing)\b/i,
    reason: (request) =>
      /charged twice|double charge|charged two times/i.test(request)
        ? 'The customer was charged twice.'
        : /refund/i.test(request)
          ? 'The customer asks for a refund.'
          : 'A question about an invoice.',
  },
  {
    agent: 'Account',
    pattern: /\b(password|log ?in|sign ?in|locked out)\b/i,
    reason: () => 'The customer cannot sign in: a password reset.',
  },
];

/** The topics of a request, in the order it raises them; empty for a greeting or a request no specialist handles. */
export function topicsOf(request: string): Topic[] {
  return TOPICS.map((t) => ({ topic: t, at: request.search(t.pattern) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ topic }) => ({ agent: topic.agent, reason: topic.reason(request) }));
}

/** "The dashboard times out: a technical problem." — the thing that fails, and how. */
function techReason(request: string): string {
  const thing = /\b(dashboard|app|website|site|api|reports?|database)\b/i.exec(request)?.[1]?.toLowerCase() ?? 'service';
  if (/time[sd]? out|timeout/i.test(request)) return `The ${thing} times out: a technical problem.`;
  if (/slow/i.test(request)) return `The ${thing} is slow: a technical problem.`;
  if (/connect|reach|dns|network|latency/i.test(request)) return 'A host cannot be reached: a network problem.';
  return `The ${thing} fails: a technical problem.`;
}

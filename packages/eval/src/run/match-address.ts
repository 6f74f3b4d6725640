/**
 * Whether an address glob matches an interrupt address, as a case's
 * `answers` and `expected.interrupts` match them: `*` matches any run of
 * characters (`/` included), everything else is literal, and the pattern
 * matches the whole address or a suffix of it that starts right after a `/`.
 * The suffix rule lets a case name an interrupt by its own part
 * (`tool:refund:*`) without spelling out the agents above it, while
 * `und:*` cannot match by accident in the middle of a segment.
 *
 * @example
 * matchAddress('agent:Billing/tool:refund:*', 'agent:Coordinator/agent:Billing/tool:refund:billing_16_0'); // true
 * matchAddress('refund:*', 'agent:Billing/tool:refund:billing_16_0'); // false: not at a `/`
 */
export function matchAddress(pattern: string, address: string): boolean {
  const glob = globRegExp(pattern);
  if (glob.test(address)) return true;
  for (let slash = address.indexOf('/'); slash !== -1; slash = address.indexOf('/', slash + 1)) {
    if (glob.test(address.slice(slash + 1))) return true;
  }
  return false;
}

/** Patterns are few and short and addresses are matched often: each pattern is compiled once. */
const compiled = new Map<string, RegExp>();
const MAX_COMPILED = 1_000;

function globRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (re === undefined) {
    const body = pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    re = new RegExp(`^${body}$`, 's');
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(pattern, re);
  }
  return re;
}

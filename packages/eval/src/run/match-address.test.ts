import { describe, expect, it } from 'vitest';
import { matchAddress } from './match-address.ts';

const refund = 'agent:Coordinator/agent:Billing/tool:refund:billing_16_0';

describe('matchAddress()', () => {
  it.each([
    [refund, refund, true],
    ['agent:Coordinator/agent:Billing/tool:refund:*', refund, true],
    ['agent:Billing/tool:refund:*', refund, true], // a suffix starting after a `/`
    ['tool:refund:*', refund, true],
    ['*', refund, true],
    ['agent:*/tool:refund:*', refund, true], // `*` crosses `/`
    ['refund:*', refund, false], // a suffix not starting after a `/`
    ['Billing/tool:refund:*', refund, false],
    ['agent:Billing/tool:refund', refund, false], // the whole suffix, not a prefix of it
    ['tool:refund:billing_16_?', refund, false], // only `*` is special
    ['tool:(refund)+:*', 'agent:A/tool:(refund)+:x', true],
    ['tool:refund:*', 'tool:refund:', true], // `*` matches nothing too
    ['', refund, false],
  ])('%s matches %s: %s', (pattern, address, expected) => {
    expect(matchAddress(pattern, address)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { matchArg, matchStep } from './match-step.ts';

describe('matchArg()', () => {
  it.each([
    ['a RegExp on a string', /^INV-\d+$/, 'INV-1042', true],
    ['a RegExp on the JSON of a number', /^12\d$/, 125, true],
    ['a RegExp on the JSON of an object', /"iban":"NO/, { iban: 'NO93' }, true],
    ['a RegExp on an absent argument', /.*/, undefined, false],
    ['a predicate', (v: unknown) => v === undefined, undefined, true],
    ['a value, deeply equal', { to: ['a', 'b'] }, { to: ['a', 'b'] }, true],
    ['a value, not the same type', 1, '1', false],
    ['null', null, undefined, false],
  ])('%s', (_name, matcher, value, expected) => {
    expect(matchArg(matcher, value)).toBe(expected);
  });

  it('tests a global RegExp from the start every time', () => {
    const re = /INV/g;
    expect([matchArg(re, 'INV-1'), matchArg(re, 'INV-1'), matchArg(re, 'INV-1')]).toEqual([true, true, true]);
  });
});

describe('matchStep()', () => {
  const refund = { type: 'tool', agent: 'Billing', tool: 'refund', args: { id: 'INV-1', cents: 100 } } as const;
  it.each([
    [{ tool: 'refund' }, refund, true],
    [{ tool: 'refund', agent: 'Billing', args: { id: 'INV-1' } }, refund, true],
    [{ tool: 'refund', agent: 'Support' }, refund, false],
    [{ tool: 'refund', args: { reason: undefined } }, refund, true], // an absent argument deep-equals undefined
    [{ tool: 'refund', args: { id: 'INV-1' } }, { ...refund, args: 'not json' }, false],
    [{ transfer: 'Billing' }, refund, false],
    [{ tool: 'refund' }, { type: 'transfer', from: 'A', to: 'refund' }, false],
    [{ transfer: 'Billing' }, { type: 'transfer', from: 'Coordinator', to: 'Billing' }, true],
    [{ transfer: 'Billing', from: 'Coordinator' }, { type: 'transfer', from: 'Coordinator', to: 'Billing' }, true],
    [{ transfer: 'Billing', from: 'Triage' }, { type: 'transfer', from: 'Coordinator', to: 'Billing' }, false],
  ] as const)('%j against %j: %s', (expected, actual, matches) => {
    expect(matchStep(expected, actual)).toBe(matches);
  });
});

// @vitest-environment jsdom
/** toJUnit: read back with a real XML parser (jsdom's DOMParser, which refuses anything that is not well-formed XML). */
import { describe, expect, it } from 'vitest';
import { caseReport, evalReport } from './test-support/report-fixture.ts';
import { toJUnit } from './to-junit.ts';

/** The part of the DOM these tests read (the package compiles without the DOM library). */
interface XmlElement {
  tagName: string;
  textContent: string | null;
  children: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}

function parse(xml: string): XmlElement {
  const Parser = (
    globalThis as unknown as { DOMParser: new () => { parseFromString(t: string, type: string): { documentElement: XmlElement } } }
  ).DOMParser;
  const root = new Parser().parseFromString(xml, 'application/xml').documentElement;
  expect(root.getElementsByTagName('parsererror')).toHaveLength(0);
  return root;
}

const attrs = (el: XmlElement, names: string[]) => Object.fromEntries(names.map((n) => [n, el.getAttribute(n)]));
const children = (el: XmlElement) => Array.from(el.children).map((c) => c.tagName);

describe('toJUnit', () => {
  const report = evalReport(
    [
      caseReport('refund-approved', { durationMs: 1250 }),
      caseReport('refund-denied', {
        status: 'failed',
        score: 0.5,
        durationMs: 30,
        scorers: {
          output: { kind: 'scored', score: 1, pass: true, reason: 'the output matches' },
          trajectory: { kind: 'scored', score: 0, pass: false, reason: 'expected refund, got lookup_invoice' },
          judge: { kind: 'skipped' },
        },
      }),
      caseReport('needs-approval', {
        status: 'interrupted',
        score: 0,
        runStatus: 'interrupted',
        scorers: {},
        interrupts: [{ id: 'agent:Billing/tool:refund:x#0', address: 'agent:Billing/tool:refund:x', info: {}, answered: false }],
      }),
      caseReport('broken', {
        status: 'error',
        score: 0,
        runStatus: 'error',
        scorers: {},
        error: { code: 'CASSETTE_MISMATCH', message: 'no recorded answer' },
      }),
    ],
    { durationMs: 4321 },
  );

  it('writes one testsuite with a testcase per case, and the failures, errors and times', () => {
    const root = parse(toJUnit(report));
    expect(root.tagName).toBe('testsuites');
    expect(attrs(root, ['name', 'tests', 'failures', 'errors', 'time'])).toEqual({
      name: 'support',
      tests: '4',
      failures: '2',
      errors: '1',
      time: '4.321',
    });
    const suite = root.getElementsByTagName('testsuite')[0]!;
    expect(attrs(suite, ['name', 'tests', 'failures', 'errors', 'skipped', 'timestamp'])).toEqual({
      name: 'support',
      tests: '4',
      failures: '2',
      errors: '1',
      skipped: '0',
      timestamp: '2026-01-02T03:04:05.000Z',
    });
    const cases = Array.from(suite.getElementsByTagName('testcase'));
    expect(cases.map((c) => attrs(c, ['name', 'classname', 'time']))).toEqual([
      { name: 'refund-approved', classname: 'support', time: '1.250' },
      { name: 'refund-denied', classname: 'support', time: '0.030' },
      { name: 'needs-approval', classname: 'support', time: '1.250' },
      { name: 'broken', classname: 'support', time: '1.250' },
    ]);
    expect(cases.map(children)).toEqual([['system-out'], ['failure', 'system-out'], ['failure', 'system-out'], ['error', 'system-out']]);
    expect(cases[0]!.getElementsByTagName('system-out')[0]!.textContent).toBe('output: 1.00 passed - the output matches');
  });

  it('gives a failure the first failing scorer’s reason, an interrupt its address, an error its code', () => {
    const [, denied, interrupted, broken] = Array.from(parse(toJUnit(report)).getElementsByTagName('testcase'));
    const failure = denied!.getElementsByTagName('failure')[0]!;
    expect(attrs(failure, ['message', 'type'])).toEqual({ message: 'trajectory: expected refund, got lookup_invoice', type: 'failed' });
    expect(denied!.getElementsByTagName('system-out')[0]!.textContent).toBe(
      'output: 1.00 passed - the output matches\ntrajectory: 0.00 failed - expected refund, got lookup_invoice\njudge: skipped',
    );
    expect(attrs(interrupted!.getElementsByTagName('failure')[0]!, ['message', 'type'])).toEqual({
      message: 'stopped at an interrupt no answer matched: agent:Billing/tool:refund:x',
      type: 'interrupted',
    });
    expect(attrs(broken!.getElementsByTagName('error')[0]!, ['message', 'type'])).toEqual({
      message: 'no recorded answer',
      type: 'CASSETTE_MISMATCH',
    });
    expect(broken!.getElementsByTagName('system-out')[0]!.textContent).toBe('error CASSETTE_MISMATCH: no recorded answer');
  });

  it('escapes markup, keeps line breaks in attributes, and replaces characters XML cannot hold', () => {
    const hostile = 'a <b> & "c" \'d\' ]]> \u0000\u001b[2J\ud800 line\nbreak';
    const xml = toJUnit(
      evalReport(
        [
          caseReport(`id-${hostile}`, {
            status: 'failed',
            scorers: { [`s<${hostile}`]: { kind: 'scored', score: 0, pass: false, reason: hostile } },
          }),
        ],
        { eval: `ev&${hostile}` },
      ),
    );
    const root = parse(xml);
    const clean = hostile.replace('\u0000', '\ufffd').replace('\u001b', '\ufffd').replace('\ud800', '\ufffd');
    const testcase = root.getElementsByTagName('testcase')[0]!;
    expect(testcase.getAttribute('name')).toBe(`id-${clean}`);
    expect(testcase.getAttribute('classname')).toBe(`ev&${clean}`);
    expect(testcase.getElementsByTagName('failure')[0]!.getAttribute('message')).toBe(`s<${clean}: ${clean}`);
    expect(testcase.getElementsByTagName('system-out')[0]!.textContent).toBe(`s<${clean}: 0.00 failed - ${clean}`);
  });

  it('writes an eval without cases as an empty suite', () => {
    const suite = parse(toJUnit(evalReport([]))).getElementsByTagName('testsuite')[0]!;
    expect(attrs(suite, ['tests', 'failures', 'errors'])).toEqual({ tests: '0', failures: '0', errors: '0' });
    expect(children(suite)).toEqual([]);
  });
});

import type { CaseReport, EvalReport, ScorerOutcome } from './eval-report.ts';

/**
 * The report as JUnit XML, the format CI servers (GitHub Actions reporters,
 * GitLab, Jenkins, Buildkite) show as test results: one `<testsuite>` for
 * the eval, one `<testcase>` per case (classname = the eval's name, time in
 * seconds). A failed case has a `<failure>` whose message is the reason of
 * its first failing scorer; a case stopped at an interrupt nothing answered
 * has `<failure type="interrupted">`; a case that could not be scored has an
 * `<error>`. Each case's scorer lines are its `<system-out>`. Every text
 * from the report is escaped, and characters XML 1.0 cannot hold (control
 * characters, lone surrogates) become U+FFFD, so any report gives a document
 * an XML parser reads.
 *
 * @example
 * const report = await runEval(support, {});
 * writeFileSync('eval-results.xml', toJUnit(report));
 */
export function toJUnit(report: EvalReport): string {
  const count = (status: CaseReport['status'][]) => report.cases.filter((c) => status.includes(c.status)).length;
  const totals = {
    tests: String(report.cases.length),
    failures: String(count(['failed', 'interrupted'])),
    errors: String(count(['error'])),
    time: seconds(report.durationMs),
  };
  const suite = attributes({ name: report.eval, ...totals, skipped: '0', timestamp: report.startedAt });
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attributes({ name: report.eval, ...totals })}>`,
    `  <testsuite ${suite}>`,
    ...report.cases.map((c) => testCase(report.eval, c)),
    '  </testsuite>',
    '</testsuites>',
  ];
  return lines.join('\n') + '\n';
}

function testCase(evalName: string, c: CaseReport): string {
  const head = `    <testcase ${attributes({ name: c.id, classname: evalName, time: seconds(c.durationMs) })}>`;
  const out = `      <system-out>${text(scorerLines(c).join('\n'))}</system-out>`;
  return [head, ...outcome(c), out, '    </testcase>'].join('\n');
}

/** The element that says how the case went wrong (none when it passed). */
function outcome(c: CaseReport): string[] {
  switch (c.status) {
    case 'passed':
      return [];
    case 'failed': {
      const failing = Object.entries(c.scorers).find(([, o]) => o.kind === 'scored' && !o.pass);
      const message = failing ? `${failing[0]}: ${(failing[1] as { reason: string }).reason}` : (c.error?.message ?? 'the case failed');
      return [element('failure', { message, type: 'failed' }, message)];
    }
    case 'interrupted': {
      const open = c.interrupts.filter((i) => !i.answered).map((i) => i.address);
      const message = c.error?.message ?? `stopped at an interrupt no answer matched: ${open.join(', ') || 'unknown'}`;
      return [element('failure', { message, type: 'interrupted' }, message)];
    }
    case 'error': {
      const thrown = Object.entries(c.scorers).find(([, o]) => o.kind === 'error');
      const message = c.error?.message ?? (thrown ? `scorer ${thrown[0]} threw: ${(thrown[1] as { message: string }).message}` : 'error');
      const type = c.error?.code ?? (thrown ? ((thrown[1] as { code?: string }).code ?? 'SCORER_ERROR') : 'ERROR');
      return [element('error', { message, type }, message)];
    }
  }
}

/** One line per scorer (`name: 0.50 failed — reason`), then the case's error and its repeats. */
function scorerLines(c: CaseReport): string[] {
  const lines = Object.entries(c.scorers).map(([name, o]) => `${name}: ${scorerText(o)}`);
  // A scorer that threw is on its own line already (the case's SCORER_FAILED error says the same).
  if (c.error && !Object.values(c.scorers).some((o) => o.kind === 'error')) lines.push(`error ${c.error.code}: ${c.error.message}`);
  if (c.repeats) {
    const r = c.repeats;
    lines.push(`repeats: ${r.passes}/${r.k} passed, pass@${r.k} ${r.passAtK.toFixed(2)}, pass^${r.k} ${r.passHatK.toFixed(2)}`);
  }
  return lines;
}

function scorerText(o: ScorerOutcome): string {
  switch (o.kind) {
    case 'scored':
      return `${o.score.toFixed(2)} ${o.pass ? 'passed' : 'failed'} - ${o.reason}`;
    case 'skipped':
      return 'skipped';
    case 'error':
      return `error${o.code ? ` ${o.code}` : ''} - ${o.message}`;
  }
}

function element(name: string, attrs: Record<string, string>, body: string): string {
  return `      <${name} ${attributes(attrs)}>${text(body)}</${name}>`;
}

const seconds = (ms: number): string => (Math.max(0, ms) / 1000).toFixed(3);

function attributes(attrs: Record<string, string>): string {
  return Object.entries(attrs)
    .map(([key, value]) => `${key}="${attribute(value)}"`)
    .join(' ');
}

/** Characters XML 1.0 allows: tab, newline, carriage return, and the rest of Unicode but the surrogates, U+FFFE and U+FFFF. */
// Matching the characters XML forbids (controls among them) is the point of this pattern.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Element text: markup characters as entities, forbidden characters as U+FFFD. */
const text = (value: string): string => value.replace(NOT_XML, '\ufffd').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Attribute text: as element text, and tabs and line breaks as character references (a parser turns literal ones into spaces). */
const attribute = (value: string): string => text(value).replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);

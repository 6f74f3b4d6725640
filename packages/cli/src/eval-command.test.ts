/** `weft eval` in-process: the table, --json, exit codes and thresholds, JUnit, a baseline, and the errors that stop it (exit 2). */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../test-support/run-main.ts';
import { FIXTURES, tempDir } from '../test-support/spawn-weft.ts';

const EVALS = join(FIXTURES, 'echo-evals.ts');
const echo = (...flags: string[]) => ['eval', EVALS, '--eval', 'echo', ...flags];

const TABLE = [
  'case   status  score  failing',
  'hello  passed   1.00',
  'bye    failed   0.00  answer',
  '',
  '  bye › answer: expected "see you", got "echo: bye"',
  '',
  '2 cases: 1 passed, 1 failed, 0 errored, 0 interrupted · pass rate 50% · mean score 0.50',
  'scorers: answer 0.50',
  'coverage: nodes 2/2 (100%) · edges 3/3 (100%)',
];

interface ReportJson {
  eval: string;
  pass: boolean;
  summary: { cases: number; passed: number; failed: number; errored: number; passRate: number; meanScores: Record<string, number> };
  thresholds: { metric: string; min: number; actual: number; pass: boolean }[];
  cases: { id: string; status: string; score: number }[];
}

describe('weft eval', () => {
  const cwd = tempDir();
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('prints the cases table and summary, progress on stderr, and exits with 1 when a case fails', async () => {
    const result = await runMain(echo(), cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(TABLE.join('\n') + '\n');
    expect(result.stderr.split('\n')).toEqual([
      'eval echo: 2 cases',
      expect.stringMatching(/^1\/2 · 1 passed · hello passed \(1\.00, \d+ ms\)$/),
      expect.stringMatching(/^2\/2 · 1 passed · bye failed \(0\.00, \d+ ms\)$/),
      '',
    ]);
  });

  it('prints only the report with --json, and runs the cases --filter picks (ids or tags, comma-separated)', async () => {
    const failing = await runMain(echo('--json'), cwd);
    expect(failing.code).toBe(1);
    const report = JSON.parse(failing.stdout) as ReportJson;
    expect(report.eval).toBe('echo');
    expect(report.summary).toMatchObject({ cases: 2, passed: 1, failed: 1, errored: 0, passRate: 0.5, meanScores: { answer: 0.5 } });
    expect(report.cases.map((c) => [c.id, c.status])).toEqual([
      ['hello', 'passed'],
      ['bye', 'failed'],
    ]);
    expect(failing.stderr).toMatch(/^eval echo: 2 cases\n/);

    const passing = await runMain(echo('--json', '--filter', 'greeting'), cwd);
    expect(passing.code).toBe(0);
    expect((JSON.parse(passing.stdout) as ReportJson).cases.map((c) => c.id)).toEqual(['hello']);
    const both = await runMain(echo('--json', '--filter', 'hello,farewell', '--live'), cwd);
    expect(both.stdout.endsWith('}\n') && both.stdout.split('\n').length).toBe(2);
    const live = JSON.parse(both.stdout) as ReportJson & { mode: string };
    expect([live.mode, live.cases.map((c) => c.id)]).toEqual(['live', ['hello', 'bye']]);
  });

  it('lets thresholds decide the exit code when given, and prints them with ✓ and ✗', async () => {
    const met = await runMain(echo('--min-pass-rate', '0.5', '--min', 'answer=0.5'), cwd);
    expect(met.code).toBe(0);
    expect(met.stdout.split('\n').at(-2)).toBe('thresholds: ✓ passRate 0.50 ≥ 0.50 · ✓ answer 0.50 ≥ 0.50');
    const missed = await runMain(echo('--min-score', '0.9', '--json'), cwd);
    expect(missed.code).toBe(1);
    const report = JSON.parse(missed.stdout) as ReportJson;
    expect([report.pass, report.thresholds]).toEqual([false, [{ metric: 'score', min: 0.9, actual: 0.5, pass: false }]]);
  });

  it('fails on a case that errored, even when the thresholds are met', async () => {
    const result = await runMain(['eval', EVALS, '--eval', 'broken', '--min-score', '0'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').slice(0, 4)).toEqual([
      'case  status  score  failing',
      'boom  error    0.00  answer (error)',
      '',
      '  boom › answer threw: the scorer broke',
    ]);
  });

  it('writes JUnit XML with --junit and the JSON report with --out, saying so on stderr', async () => {
    const result = await runMain(echo('--junit', 'results.xml', '--out', 'report.json'), cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(TABLE.join('\n') + '\n');
    expect(result.stderr).toContain(`wrote ${join(cwd, 'results.xml')} (JUnit XML of echo)\n`);
    expect(result.stderr).toContain(`wrote ${join(cwd, 'report.json')} (eval report of echo)\n`);
    const xml = readFileSync(join(cwd, 'results.xml'), 'utf8')
      .replace(/time="[\d.]+"/g, 'time="T"')
      .replace(/timestamp="[^"]+"/, 'timestamp="S"');
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="echo" tests="2" failures="1" errors="0" time="T">',
        '  <testsuite name="echo" tests="2" failures="1" errors="0" time="T" skipped="0" timestamp="S">',
        '    <testcase name="hello" classname="echo" time="T">',
        '      <system-out>answer: 1.00 passed - the answer matches</system-out>',
        '    </testcase>',
        '    <testcase name="bye" classname="echo" time="T">',
        '      <failure message="answer: expected &quot;see you&quot;, got &quot;echo: bye&quot;" type="failed">answer: expected &quot;see you&quot;, got &quot;echo: bye&quot;</failure>',
        '      <system-out>answer: 0.00 failed - expected &quot;see you&quot;, got &quot;echo: bye&quot;</system-out>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
    expect((JSON.parse(readFileSync(join(cwd, 'report.json'), 'utf8')) as ReportJson).summary.cases).toBe(2);
  });

  it('prints the regressions against a --baseline, and refuses a baseline that is no report', async () => {
    const passing = JSON.parse((await runMain(echo('--json'), cwd)).stdout) as ReportJson;
    passing.cases[1] = { ...passing.cases[1]!, status: 'passed', score: 1 };
    passing.summary.meanScores = { answer: 1 };
    writeFileSync(join(cwd, 'baseline.json'), JSON.stringify(passing));
    const result = await runMain(echo('--baseline', 'baseline.json'), cwd);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').slice(-3)).toEqual([
      'vs baseline: 1 regression, 0 improvements, 0 new, 0 removed · answer -0.50',
      '  regressed: bye passed 1.00 → failed 0.00',
      '',
    ]);

    writeFileSync(join(cwd, 'old.json'), JSON.stringify({ ...passing, version: 0 }));
    expect(await runMain(echo('--baseline', 'old.json'), cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: `weft: ${join(cwd, 'old.json')} is an eval report of version 0; this @weft/eval reads version 1; write the report again with this version of weft eval\nhint: pass a report weft eval --out <file> (or --json) wrote\n`,
    });
  });

  it('writes an HTML report with --html', async () => {
    const result = await runMain(echo('--html', 'report.html', '--filter', 'hello'), cwd);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`wrote ${join(cwd, 'report.html')} (HTML report of echo)\n`);
    const html = readFileSync(join(cwd, 'report.html'), 'utf8');
    expect(html.trimStart().toLowerCase().startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('hello');
  });

  it('evaluates a case made from a stored thread with --from-thread, and appends it to a dataset with --save-case', async () => {
    const store = ['--store', 'sqlite:threads.db'];
    expect((await runMain(['run', EVALS, '--export', 'agent', '--query', 'hi there', '--thread', 'support-1', ...store], cwd)).code).toBe(
      0,
    );
    const flags = ['--from-thread', 'support-1', '--case-id', 'hi-there', '--save-case', 'cases.jsonl', ...store];
    const result = await runMain(echo(...flags), cwd);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 2)).toEqual(['case      status  score  failing', 'hi-there  passed   1.00']);
    expect(result.stderr.split('\n')[0]).toBe(`appended case hi-there to ${join(cwd, 'cases.jsonl')}`);
    const saved = {
      id: 'hi-there',
      input: [{ role: 'user', content: 'hi there' }],
      expected: { output: 'echo: hi there' },
      tags: ['from-thread'],
    };
    expect(readFileSync(join(cwd, 'cases.jsonl'), 'utf8')).toBe(`${JSON.stringify(saved)}\n`);

    expect((await runMain(echo(...flags.slice(0, 2), '--case-id', 'again', '--save-case', 'cases.jsonl', ...store), cwd)).code).toBe(0);
    expect(readFileSync(join(cwd, 'cases.jsonl'), 'utf8')).toBe(`${JSON.stringify(saved)}\n${JSON.stringify({ ...saved, id: 'again' })}\n`);

    const missing = await runMain(echo('--from-thread', 'nope', ...store), cwd);
    expect(missing).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'weft: thread "nope" is not in the store: list threads with `weft threads` and checkpoints with `weft history <thread>`\n' +
        'hint: list the threads of a store: weft threads; pass --store to use another\n',
    });
  });

  it('exits with 2 when the module exports no eval, several without --eval, or none by the --eval name', async () => {
    const desk = join(FIXTURES, 'desk-agent.ts');
    expect(await runMain(['eval', desk], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `weft: ${desk} exports no eval; its exports: agent (an agent (Greeter)), sessionValues (an object)\n` +
        'hint: export one made by defineEval: export const myEval = defineEval({ name, target, cases, scorers })\n',
    });
    expect(await runMain(['eval', EVALS], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: `weft: ${EVALS} exports 2 evals: broken (export brokenEval), echo (export echoEval)\nhint: pick one: --eval broken | --eval echo\n`,
    });
    expect(await runMain(['eval', EVALS, '--eval', 'ecoh'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: `weft: ${EVALS} has no eval named "ecoh"; its evals: broken (export brokenEval), echo (export echoEval)\nhint: did you mean --eval echo?\n`,
    });
    expect((await runMain(['eval', EVALS, '--eval', 'echoEval', '--filter', 'hello'], cwd)).code).toBe(0);
  });

  it('exits with 2 when the eval itself is invalid, with every problem on one line', async () => {
    expect(await runMain(['eval', join(FIXTURES, 'invalid-eval.ts')], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'weft: eval "twice" has 1 case problem(s): case 2 ("same"): id: "same" is also the id of case 1; ids name threads and cassettes, so they must be unique\n' +
        'hint: fix the cases the message lists (file:line: field: what is wrong)\n',
    });
  });

  it('exits with 2 on a wrong command line', async () => {
    const usage = async (...flags: string[]) => {
      const result = await runMain(echo(...flags), cwd);
      expect([result.code, result.stdout]).toEqual([2, '']);
      return result.stderr.split('\n')[0];
    };
    expect(await usage('--record', '--live')).toBe('weft: eval: --record and --live exclude each other');
    expect(await usage('--min-score', '1.5')).toBe('weft: eval: --min-score "1.5" is not a number from 0 to 1');
    expect(await usage('--min', 'answer')).toBe('weft: eval: --min "answer" is not <scorer>=<value>');
    expect(await usage('--min', 'answer=high')).toBe('weft: eval: --min "answer=high" is not a number from 0 to 1');
    expect(await usage('--repeat', '0')).toBe('weft: eval: --repeat "0" is not a number of tries');
    expect(await usage('--checkpoint', 'c1')).toBe('weft: eval: --checkpoint needs --from-thread');
    expect(await usage('--filter', 'nothing-like-it')).toBe(
      'weft: no case of eval "echo" has an id or tag matching "nothing-like-it" (ids: hello, bye)',
    );
    expect(await usage('--frob')).toBe('weft: eval: unknown option --frob');
    expect(existsSync(join(cwd, '.weft'))).toBe(false);
  });
});

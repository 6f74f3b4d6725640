import { beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../report/eval-report.ts';
import { renderEvalReport } from './render-eval-report.ts';
import {
  FAILED_CASE,
  JUDGE_REASONING,
  recordEvalReport,
  withMarkupCaseId,
  XSS_CASE_ID,
  XSS_OUTPUT,
  XSS_TAG,
} from './test-support/eval-fixture.ts';

let report: EvalReport;
let runLogs: Record<string, string>;
let page: string;

beforeAll(async () => {
  const recorded = await recordEvalReport();
  ({ report, runLogs } = withMarkupCaseId(recorded.report, recorded.runLogs));
  page = await renderEvalReport(report, { runLogs });
}, 60_000);

/** The `code` and message of what `run` rejects with. */
async function failure(run: () => Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await run();
  } catch (err) {
    return { code: (err as { code?: unknown }).code, message: (err as Error).message };
  }
  throw new Error('expected a rejection');
}

describe('renderEvalReport', () => {
  it('writes every string of the report as text: the only <script> tags are the page data and its own code', () => {
    expect(page.match(/<script/gi)).toEqual(['<script', '<script']);
    expect(page).toContain('<script type="application/json" id="eval-report-data">');
    expect(page).not.toContain(XSS_CASE_ID);
    expect(page).not.toContain(XSS_OUTPUT);
    expect(page).not.toContain(XSS_TAG);
    expect(page).toContain('<th scope="row" class="case-id">xss-&lt;script&gt;window.__xss=1&lt;/script&gt;</th>');
    const output =
      '&lt;/script&gt;&lt;img src=x onerror=&quot;window.__xss=2&quot;&gt; &lt;b onclick=&quot;window.__xss=3&quot;&gt;done&lt;/b&gt;';
    expect(page).toContain(`<pre class="output">${output}</pre>`);
    expect(page).toContain(`<p class="reason">lookup_invoice was called; the answer: ${output}</p>`);
    expect(page).toContain('<span class="tag">&lt;i&gt;markup&lt;/i&gt;</span>');
    expect(page).not.toMatch(/<img|<b onclick|<svg onload/);
  });

  it('renders the summary, the rows with their status, the failed scorer and its reason, and one replay per run log', () => {
    expect(page).toContain('<div class="stat" data-stat="cases"><b>3</b>');
    expect(page).toContain('<div class="stat" data-stat="failed"><b>1</b>');
    expect(page).toContain(`<tr class="case-row failed" data-index="1" data-case="${FAILED_CASE}"`);
    expect(page).toContain(`<div class="scorer failed" data-scorer="judge">`);
    expect(page).toContain(`<p class="reason">${JUDGE_REASONING}</p>`);
    expect(page.match(/<div class="replay" data-replay="\d">/g)).toHaveLength(3);
    // The replays' viewer pages are allowed by hash in the page's policy: three hashes for scripts (the page's and the viewer's).
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page)![1]!;
    expect(policy).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+' 'sha256-[^']+'; script-src 'sha256-[^']+' 'sha256-[^']+'; img-src data:$/,
    );
  });

  it('gives the same page for the same report; without run logs, no replay and no viewer hashes', async () => {
    expect(await renderEvalReport(report, { runLogs })).toBe(page);
    const bare = await renderEvalReport(report, { title: 'Nightly' });
    expect(bare).toContain('<title>Nightly</title>');
    expect(bare).not.toContain('class="replay"');
    expect(bare.match(/No run log was given for this case/g)).toHaveLength(3);
    expect(bare).toMatch(/script-src 'sha256-[^']+'; img-src/);
  });

  it('refuses a report of another version, bad options, a run log of no case and a run log that is not one', async () => {
    expect(await failure(() => renderEvalReport({ ...report, version: 2 } as unknown as EvalReport))).toEqual({
      code: 'INVALID_REPORT',
      message: 'renderEvalReport reads eval reports of version 1, got 2: re-run the eval with this version of @weft/eval',
    });
    expect(await failure(() => renderEvalReport(report, { title: 3 as unknown as string }))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'renderEvalReport(report, options?): title must be a string',
    });
    expect(await failure(() => renderEvalReport(report, { runLogs: { ...runLogs, 'no-such-case': '' } }))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'runLogs has run logs for "no-such-case", which the report has no case of; key each run log by its case\'s id',
    });
    const bad = await failure(() => renderEvalReport(report, { runLogs: { [FAILED_CASE]: '{"type":"run.log"}\nnot json\n' } }));
    expect(bad.code).toBe('INVALID_ARGUMENT');
    expect(bad.message).toMatch(/^the run log of case "refund-made" cannot be read: .*line 2/);
  });
});

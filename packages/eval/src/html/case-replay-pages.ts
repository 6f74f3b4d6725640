import { parseRunLog, renderHtml, type RunLog } from '@weft/viz';
import { EvalError } from '../errors.ts';
import type { EvalReport } from '../report/eval-report.ts';

/** The replays of an eval's cases, and what the report's page must allow for them to run. */
export interface CaseReplayPages {
  /** Per case, in report order: @weft/viz's viewer page replaying its run log, or null without one. */
  pages: (string | null)[];
  /** The CSP sources (`'sha256-…'`) of the viewer pages' inline styles and scripts. */
  styleSources: string[];
  scriptSources: string[];
}

/**
 * Each case's run log replayed by @weft/viz's viewer (`renderHtml`): steps,
 * active nodes, messages, interrupts, on the graph the case ran on. The
 * report shows a page in a sandboxed `<iframe srcdoc>`, which inherits the
 * report's Content-Security-Policy: the report's policy must list the
 * viewer's own style and script hashes, read from the viewer page's policy
 * (the same for every page of one @weft/viz build).
 */
export async function caseReplayPages(report: EvalReport, runLogs: Readonly<Record<string, string>>): Promise<CaseReplayPages> {
  const ids = new Set(report.cases.map((c) => c.id));
  const unknown = Object.keys(runLogs).filter((id) => !ids.has(id));
  if (unknown.length > 0)
    throw new EvalError(
      'INVALID_ARGUMENT',
      `runLogs has run logs for ${unknown.map((id) => JSON.stringify(id)).join(', ')}, which the report has no case of; key each run log by its case's id`,
      { details: { unknown } },
    );
  const pages: (string | null)[] = [];
  const style = new Set<string>();
  const script = new Set<string>();
  for (const c of report.cases) {
    const text = runLogs[c.id];
    if (text === undefined) {
      pages.push(null);
      continue;
    }
    const log = readCaseLog(c.id, text);
    const page = await renderHtml(log.graph, { run: log, title: `${report.eval} · ${c.id}` });
    const policy = viewerPolicy(page);
    policy.style.forEach((s) => style.add(s));
    policy.script.forEach((s) => script.add(s));
    pages.push(page);
  }
  return { pages, styleSources: [...style], scriptSources: [...script] };
}

function readCaseLog(caseId: string, text: string): RunLog {
  if (typeof text !== 'string')
    throw new EvalError('INVALID_ARGUMENT', `runLogs[${JSON.stringify(caseId)}] must be the text of a run log (JSONL), got ${typeof text}`);
  try {
    return parseRunLog(text);
  } catch (err) {
    throw new EvalError('INVALID_ARGUMENT', `the run log of case ${JSON.stringify(caseId)} cannot be read: ${(err as Error).message}`, {
      cause: err,
      details: { caseId, code: (err as { code?: unknown }).code },
    });
  }
}

const POLICY = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/;

/** The hash sources of a viewer page's `style-src` and `script-src`. */
function viewerPolicy(page: string): { style: string[]; script: string[] } {
  const policy = POLICY.exec(page)?.[1];
  const sources = (directive: string) =>
    (policy ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === directive)
      ?.slice(1)
      .filter((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s)) ?? [];
  const style = sources('style-src');
  const script = sources('script-src');
  // The viewer page always carries its policy; without it the replay could not be allowed to run.
  if (script.length === 0 || style.length === 0)
    throw new Error(
      '@weft/viz rendered a viewer page without the Content-Security-Policy its replay needs (style-src and script-src hashes)',
    );
  return { style, script };
}

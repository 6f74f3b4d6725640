import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** What the eval report JSON (`weft eval --out`, version 1) says of the eval as a whole. */
export interface EvalReportSummary {
  cases: number;
  passed: number;
  failed: number;
  errored: number;
  interrupted: number;
  passRate: number;
  score: number;
}

/** One eval report in the folder: its HTML page and its JSON, by the name they share (`support.html`, `support.json`). */
export interface EvalReportEntry {
  name: string;
  /** The page's file name, served at /evals/<html>; null when only the JSON is there. */
  html: string | null;
  json: string | null;
  /** The eval's name, from the JSON. */
  eval: string | null;
  /** When the eval started (the JSON's `startedAt`), else when the newest of its files was written. */
  date: string;
  /** Every threshold met. */
  pass: boolean | null;
  summary: EvalReportSummary | null;
  /** Why the JSON gave nothing (missing, not JSON, not an eval report of version 1). */
  problem?: string;
}

/** A report's file name: no folder, only these characters, and a .html or .json ending. */
export const REPORT_FILE = /^[\w@-][\w.@-]*\.(html|json)$/;

/**
 * The eval reports in a folder (not its subfolders), newest first: each
 * name with an HTML page or a JSON report, what the JSON says (eval,
 * start, pass, counts), or why it says nothing. A missing folder is an
 * empty list: no eval has written one yet.
 */
export async function listEvalReports(folder: string): Promise<EvalReportEntry[]> {
  let names: string[];
  try {
    names = (await readdir(folder, { withFileTypes: true })).filter((d) => d.isFile() && REPORT_FILE.test(d.name)).map((d) => d.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const bases = [...new Set(names.map((n) => n.replace(/\.(html|json)$/, '')))];
  const entries = await Promise.all(bases.map((base) => entryOf(folder, base, new Set(names))));
  return entries.sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name));
}

async function entryOf(folder: string, name: string, files: ReadonlySet<string>): Promise<EvalReportEntry> {
  const html = files.has(`${name}.html`) ? `${name}.html` : null;
  const json = files.has(`${name}.json`) ? `${name}.json` : null;
  const times = await Promise.all(
    [html, json].filter((f) => f !== null).map(async (f) => (await stat(join(folder, f))).mtime.toISOString()),
  );
  const written = times.sort().at(-1)!;
  const entry = { name, html, json, eval: null, date: written, pass: null, summary: null };
  if (json === null) return { ...entry, problem: `no ${name}.json beside the page` };
  let report: unknown;
  try {
    report = JSON.parse(await readFile(join(folder, json), 'utf8'));
  } catch (err) {
    return { ...entry, problem: `${json} is not JSON: ${(err as Error).message}` };
  }
  const r = report as Record<string, unknown> | null;
  const summary = r?.['summary'] as Record<string, unknown> | null | undefined;
  if (r === null || typeof r !== 'object' || r['version'] !== 1 || typeof r['eval'] !== 'string' || typeof summary !== 'object' || !summary)
    return { ...entry, problem: `${json} is not an eval report of version 1` };
  const count = (key: keyof EvalReportSummary) => (typeof summary[key] === 'number' ? (summary[key] as number) : 0);
  return {
    ...entry,
    eval: r['eval'] as string,
    date: typeof r['startedAt'] === 'string' ? r['startedAt'] : written,
    pass: r['pass'] === true,
    summary: {
      cases: count('cases'),
      passed: count('passed'),
      failed: count('failed'),
      errored: count('errored'),
      interrupted: count('interrupted'),
      passRate: count('passRate'),
      score: count('score'),
    },
  };
}

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dayResultsFile } from '../harness/day-results-file.ts';
import { installedVersions } from '../harness/installed-versions.ts';
import { writeResultsMarkdown } from '../harness/results-markdown.ts';
import { runEnvironment } from '../harness/run-environment.ts';
import { FRAMEWORK_IDS } from '../harness/types.ts';
import { COLD_UNITS } from './cold-cell.ts';
import type { ColdOptions } from './cold-options.ts';
import type { ColdShape } from './cold-shape.ts';
import { mergeCold } from './merge-cold.ts';

/**
 * Records a cold run under the `cold` key of the day's results file and
 * rewrites its Markdown, when the run is comparable across days: full sizes,
 * every framework, Weft from dist/ (alone or with src/). Shapes measured now
 * replace theirs; everything else in the file is kept. Without a file yet
 * today it starts one with the environment and versions and no warm results.
 * Returns the file, or undefined when the run is not recorded.
 */
export async function recordCold(shapes: readonly ColdShape[], opts: ColdOptions): Promise<string | undefined> {
  const recorded = !opts.quick && opts.size === undefined && opts.frameworks.length === FRAMEWORK_IDS.length && opts.from !== 'source';
  if (!recorded || !shapes.length) return undefined;
  const now = new Date();
  const file = dayResultsFile(now);
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    doc = { date: now.toISOString(), environment: runEnvironment(), versions: await installedVersions(), results: [], curves: [] };
  }
  doc.units = { ...(typeof doc.units === 'object' ? doc.units : {}), cold: COLD_UNITS };
  doc.cold = await mergeCold(file, shapes, now);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`);
  await writeResultsMarkdown(file);
  return file;
}

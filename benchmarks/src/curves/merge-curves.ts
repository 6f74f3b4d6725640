import { readFile } from 'node:fs/promises';
import { CURVE_IDS } from './curve-ids.ts';
import type { CurveResult } from './run-curve.ts';

/**
 * The `curves` to store in the day's results file: curves measured now
 * replace their earlier entry, the others already in the file are kept (a
 * file written before curves existed has none). Each keeps when it was measured.
 */
export async function mergeCurves(file: string, fresh: readonly CurveResult[], now: Date): Promise<CurveResult[]> {
  let old: CurveResult[] = [];
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { curves?: CurveResult[] };
    old = Array.isArray(parsed.curves) ? parsed.curves : [];
  } catch {
    // No file yet today, or an unreadable one that is about to be replaced.
  }
  const measuredAt = now.toISOString();
  const merged = [...old.filter((c) => !fresh.some((f) => f.id === c.id)), ...fresh.map((c) => ({ ...c, measuredAt }))];
  return merged.sort((a, b) => CURVE_IDS.indexOf(a.id) - CURVE_IDS.indexOf(b.id));
}

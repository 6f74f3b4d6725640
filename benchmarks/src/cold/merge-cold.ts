import { readFile } from 'node:fs/promises';
import { SHAPE_IDS } from '../harness/types.ts';
import type { ColdShape } from './cold-shape.ts';

/**
 * The `cold` entries to store in the day's results file: shapes measured now
 * replace their earlier entry, the others already in the file are kept (a
 * file written before the cold table existed has none), in table order. Each
 * keeps when it was measured.
 */
export async function mergeCold(file: string, fresh: readonly ColdShape[], now: Date): Promise<ColdShape[]> {
  let old: ColdShape[] = [];
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as { cold?: ColdShape[] };
    old = Array.isArray(parsed.cold) ? parsed.cold : [];
  } catch {
    // No file yet today, or an unreadable one that is about to be replaced.
  }
  const measuredAt = now.toISOString();
  const merged = [...old.filter((o) => !fresh.some((f) => f.shape === o.shape)), ...fresh.map((f) => ({ ...f, measuredAt }))];
  return merged.sort((a, b) => SHAPE_IDS.indexOf(a.shape) - SHAPE_IDS.indexOf(b.shape));
}

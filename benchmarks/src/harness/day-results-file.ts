import path from 'node:path';

const resultsDir = path.resolve(import.meta.dirname, '..', '..', 'results');

/** benchmarks/results/<YYYY-MM-DD>.json for `now`'s UTC date: where that day's recorded runs go. */
export function dayResultsFile(now: Date): string {
  return path.join(resultsDir, `${now.toISOString().slice(0, 10)}.json`);
}

/**
 * Sums the vitest JSON reports of every package into one plain line,
 * "N passed, N failed, N skipped", and fails when no test ran at all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const root = join(import.meta.dirname, '..');
const files = ['packages', 'docs', 'benchmarks']
  .flatMap((dir) => (dir === 'packages' ? readdirSync(join(root, dir)).map((p) => join(dir, p)) : [dir]))
  .map((dir) => join(root, dir, 'test-results.json'))
  .filter((f) => existsSync(f));
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  const r = JSON.parse(readFileSync(file, 'utf8')) as Report;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed + failed === 0 || failed > 0) process.exit(1);

/**
 * Sums the vitest JSON reports of every package into one plain line,
 * "N passed, N failed, N skipped", names each failed test with the first
 * lines of its failure (so the end of a long log says what broke), and fails
 * when a test failed or none ran at all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

const root = join(import.meta.dirname, '..');
const files = ['packages', 'docs', 'benchmarks']
  .flatMap((dir) => (dir === 'packages' ? readdirSync(join(root, dir)).map((p) => join(dir, p)) : [dir]))
  .map((dir) => join(root, dir, 'test-results.json'))
  .filter((f) => existsSync(f));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
for (const file of files) {
  const r = JSON.parse(readFileSync(file, 'utf8')) as Report;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  for (const suite of r.testResults ?? []) {
    const file = suite.name.slice(root.length + 1);
    if (suite.status === 'failed' && !suite.assertionResults?.some((t) => t.status === 'failed')) {
      failures.push(`${file}\n    ${(suite.message ?? '').split('\n').slice(0, 4).join('\n    ')}`);
    }
    for (const t of suite.assertionResults ?? []) {
      if (t.status !== 'failed') continue;
      const why = (t.failureMessages?.[0] ?? '').split('\n').slice(0, 4).join('\n    ');
      failures.push(`${file} > ${t.fullName}\n    ${why}`);
    }
  }
}
for (const f of failures) console.log(`FAILED ${f}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed + failed === 0 || failed > 0) process.exit(1);

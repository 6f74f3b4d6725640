import { defineConfig } from 'vitest/config';
import { resolveSources } from '../../vitest.shared.ts';

export default defineConfig({
  ...resolveSources,
  test: {
    include: ['src/**/*.test.ts'],
    // ELK lays out several graphs per test; on a loaded 2-core CI machine (other suites, two browsers) that can pass vitest's 5 s default.
    testTimeout: 30_000,
    // CI sums every package's JSON report into one "N passed, N failed" line.
    reporters: process.env['CI'] ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results.json' },
  },
});

import { defineConfig } from 'vitest/config';
import { resolveSources } from '../../vitest.shared.ts';

export default defineConfig({
  ...resolveSources,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // HTTP servers, SSE streams and a browser.
    testTimeout: 30_000,
    // CI sums every package's JSON report into one "N passed, N failed" line.
    reporters: process.env['CI'] ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results.json' },
  },
});

import { defineConfig } from 'vitest/config';
import { resolveSources } from '../../vitest.shared.ts';

export default defineConfig({
  ...resolveSources,
  test: {
    include: ['src/**/*.test.ts'],
    // Tests that start A2A HTTP servers and talk to them with the SDK client.
    testTimeout: 30_000,
    // CI sums every package's JSON report into one "N passed, N failed" line.
    reporters: process.env['CI'] ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results.json' },
  },
});

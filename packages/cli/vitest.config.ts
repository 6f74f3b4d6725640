import { defineConfig } from 'vitest/config';
import { resolveSources } from '../../vitest.shared.ts';

export default defineConfig({
  ...resolveSources,
  test: {
    include: ['src/**/*.test.ts'],
    // Tests spawn the real binary (tsx compiles on the fly): seconds per command.
    testTimeout: 60000,
    hookTimeout: 60000,
    // CI sums every package's JSON report into one "N passed, N failed" line.
    reporters: process.env['CI'] ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results.json' },
  },
});

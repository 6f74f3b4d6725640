import { defineConfig } from 'vitest/config';
import { resolveSources } from '../../vitest.shared.ts';

export default defineConfig({
  ...resolveSources,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests that start worker processes and wait for leases and stalled-job checks: seconds each, more on a busy machine.
    testTimeout: 60_000,
    // Starts Redis (scripts/start-redis.sh) when WEFT_REDIS_URL is not set.
    globalSetup: ['./test-support/global-setup.ts'],
    // CI sums every package's JSON report into one "N passed, N failed" line.
    reporters: process.env['CI'] ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results.json' },
  },
});

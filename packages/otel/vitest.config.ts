import { defineConfig } from 'vitest/config';
import { resolveSources } from '../../vitest.shared.ts';

// OpenTelemetry's packages map the `module` condition to builds for bundlers (imports without file
// extensions), which Node cannot load: here packages resolve without it, as Node resolves them.
const conditions = ['@weft/source', 'node', 'development|production'];

export default defineConfig({
  ...resolveSources,
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@weft/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    // CI sums every package's JSON report into one "N passed, N failed" line.
    reporters: process.env['CI'] ? ['default', 'json'] : ['default'],
    outputFile: { json: './test-results.json' },
  },
});

/**
 * What every package's vitest config shares: workspace packages resolve to
 * their TypeScript sources through the `@weft/source` export condition (see
 * docs/decisions/0012-packages-ship-dist.md), the same way tsc (customConditions),
 * tsx and the docs check (node --conditions) see them. Vite's own defaults follow it.
 */
export const sourceConditions = ['@weft/source', 'module', 'node', 'development|production'];

export const resolveSources = {
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: ['@weft/source'] } },
};

// Processes the tests start (the weft binary, race children, tsx scripts) resolve the sources too,
// also when vitest is started directly rather than through a pnpm script (which sets it from .npmrc).
const NODE_CONDITION = '--conditions=@weft/source';
if (!process.env['NODE_OPTIONS']?.includes(NODE_CONDITION))
  process.env['NODE_OPTIONS'] = [process.env['NODE_OPTIONS'], NODE_CONDITION].filter(Boolean).join(' ');

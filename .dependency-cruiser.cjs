/**
 * Import rules the checkout keeps (`pnpm layers`, part of `pnpm lint`):
 * no import cycles in any package, type imports included, and inside
 * @weft/graph layers that import only downward. docs/architecture.md draws
 * the result (`pnpm architecture`).
 *
 * The @weft/graph layers, lowest first. A folder may import its own files and
 * any folder below it, never one above it: the builder makes specs, the
 * compiler turns specs into plans, the scheduler runs plans, the runtime
 * wraps a plan with a store. Tests are exempt (a test of the compiler may
 * build its graph with the builder); cycles are checked for them too.
 */
const GRAPH_LAYERS = [
  ['errors', 'the typed failures every layer throws'],
  ['schema', 'Standard Schema checks and JSON Schema output'],
  ['state', 'immer state: patches, reducers, write paths'],
  ['interrupt', 'interrupt() and the resume values it takes'],
  ['spec', 'what the builder collects: node functions, options, routes, channels'],
  ['compiler', 'definition to plan, IR and hash; no store, no scheduler'],
  ['events', 'the event union, the hub, Run and the run log'],
  ['instrument', 'instrumentation hooks over the event stream'],
  ['checkpoint', "the engine's side of checkpoints: writer, loader, prune, head cache"],
  ['versions', 'graph versions: diffs, which threads a version can run, migrations and their chains'],
  ['dispatch', 'the contract with processes that run tasks elsewhere'],
  ['scheduler', 'cursor, step loop, tasks, routing'],
  ['runtime', 'CompiledGraph and the run, resume and task entry points'],
  ['builder', 'the fluent API'],
  ['index', 'the public names'],
];

const GRAPH = '^packages/graph/src/';
const TESTS = '\\.test(-d)?\\.ts$';
/** A layer is a folder, or one root file (errors.ts, index.ts) with its tests. */
const layerPath = (name) => `${GRAPH}${name}(/|\\.)`;

const layerRules = GRAPH_LAYERS.slice(0, -1).map(([name, holds], i) => {
  const above = GRAPH_LAYERS.slice(i + 1).map(([n]) => n);
  return {
    name: `graph-layer-${name}`,
    comment: `@weft/graph ${name}/ (${holds}) imports only layers below it, never ${above.join(', ')}`,
    severity: 'error',
    from: { path: layerPath(name), pathNot: TESTS },
    to: { path: `${GRAPH}(${above.join('|')})(/|\\.)` },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle, type imports included: layers that point one way read (and load) in one direction.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'graph-layer-unplaced',
      comment: 'Every @weft/graph source folder has a place in the layer order (.dependency-cruiser.cjs GRAPH_LAYERS).',
      severity: 'error',
      from: { path: GRAPH, pathNot: `${GRAPH}(${GRAPH_LAYERS.map(([n]) => n).join('|')})(/|\\.)` },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@weft/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.js'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};

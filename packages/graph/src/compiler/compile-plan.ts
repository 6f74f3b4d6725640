import type { NodeSpec } from '../spec/graph-definition.ts';
import { checkBudget } from '../spec/budget.ts';
import { END, START } from '../spec/start-end.ts';
import { GraphValidationError, WeftError } from '../errors.ts';
import { buildIR, irToJSON } from './build-ir.ts';
import { checkpointPolicyProblem, DEFAULT_MAX_CHECKPOINT_BYTES, type CompileOptions } from './compile-options.ts';
import { DEFAULT_MAX_BLOB_BYTES } from '@weft/checkpoint';
import type { ExecutionPlan, PlanNode, PlanTarget } from './execution-plan.ts';
import type { GraphJSON } from './graph-json.ts';
import type { PlannableDefinition, PlannedGraph } from './planned-graph.ts';
import { jsonSchemaOf } from '../schema/json-schema-of.ts';
import type { StandardSchemaV1 } from '../schema/standard-schema.ts';
import { irHash } from './ir-hash.ts';
import { validateGraph } from './validate-graph.ts';
import { checkMigrationChain } from './check-migration-chain.ts';

/**
 * Validates a definition (every problem at once) and freezes it into a
 * runnable plan, with its IR and JSON. The runtime's `CompiledGraph` wraps
 * what this returns; the compiler itself neither stores nor runs anything.
 */
export function compilePlan(def: PlannableDefinition, options: CompileOptions): PlannedGraph {
  checkOptions(def.name, options);
  const { ir, issues } = buildIR(def);
  const all = [...def.issues, ...issues, ...validateGraph(ir)];
  if (all.length > 0) throw new GraphValidationError(def.name, all);
  const partial = irToJSON(def.name, ir);
  const json: GraphJSON = {
    ...partial,
    hash: irHash(partial),
    ...(options.version === undefined ? {} : { version: options.version }),
    ...boundarySchemas(def),
  };
  const plan = buildPlan(def, options, json);
  checkMigrationChain(plan);
  return { plan, ir, json };
}

function buildPlan(def: PlannableDefinition, options: CompileOptions, json: GraphJSON): ExecutionPlan {
  const blank = (name: string, index: number): PlanNode => ({
    name,
    index,
    trigger: 'any',
    address: name,
    fn: undefined,
    sub: undefined,
    options: {},
    distributed: false,
    preds: [],
    edges: [],
    branches: [],
    successors: [],
  });
  const start = blank(START, -1);
  const nodes = def.nodes.map((spec, index): PlanNode => ({
    ...blank(spec.name, index),
    trigger: spec.options.trigger ?? 'any',
    address: spec.options.address ?? spec.name,
    fn: spec.fn,
    sub: spec.sub?.plan,
    options: spec.options,
    distributed: isDistributed(def, spec, options),
  }));
  const byName = new Map<string, PlanNode>([[START, start], ...nodes.map((n) => [n.name, n] as const)]);
  const target = (name: string): PlanTarget => (name === END ? null : byName.get(name)!);
  const preds = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    if (to !== END) preds.set(to, (preds.get(to) ?? new Set()).add(from));
    const source = byName.get(from)!;
    if (!source.successors.includes(target(to))) source.successors.push(target(to));
  };
  for (const e of def.edges) {
    byName.get(e.from)!.edges.push(target(e.to));
    link(e.from, e.to);
  }
  for (const b of def.branches) {
    byName.get(b.from)!.branches.push({ route: b.route, targets: new Map(b.targets.map((t) => [t, target(t)])) });
    for (const t of b.targets) link(b.from, t);
  }
  for (const node of nodes) node.preds = [...(preds.get(node.name) ?? [])];
  return {
    name: def.name,
    hash: json.hash,
    nodes,
    byName,
    start,
    stateInit: def.state,
    inputSchema: def.input,
    outputSchema: def.output,
    reducers: def.reducers,
    maxSteps: options.maxSteps ?? nodes.length + 10,
    maxConcurrency: options.maxConcurrency ?? Infinity,
    snapshotEvery: options.snapshotEvery ?? 100,
    maxCheckpointBytes: options.maxCheckpointBytes ?? DEFAULT_MAX_CHECKPOINT_BYTES,
    maxBlobBytes: options.maxBlobBytes ?? DEFAULT_MAX_BLOB_BYTES,
    checkpoints: options.checkpoints ?? 'every-step',
    json,
    version: options.version,
    migrations: options.migrations ?? [],
    onGraphMismatch: options.onGraphMismatch ?? 'refuse',
    // A subgraph's patches are the thread's too: a thread records every patch of the graph it started on.
    patches: [...new Set([...(options.patches ?? []), ...nodes.flatMap((n) => n.sub?.patches ?? [])])],
    stateSchema: def.stateSchema,
    threadCheck: options.threadCheck,
    budget: checkBudget(options.budget, `compile() of graph "${def.name}"`),
  };
}

/** The JSON Schemas of the run's input and output, for viewers and tools, when the schemas' libraries write them. */
function boundarySchemas(def: PlannableDefinition): Pick<GraphJSON, 'input' | 'output'> {
  const written = (schema: StandardSchemaV1 | undefined, io: 'input' | 'output') => {
    if (!schema) return undefined;
    try {
      return jsonSchemaOf(schema, io, `graph "${def.name}"`);
    } catch {
      return undefined; // no converter, or a shape JSON Schema cannot say (a transform): the schema still checks
    }
  };
  const input = written(def.input, 'input');
  const output = written(def.output, 'output');
  return { ...(input ? { input } : {}), ...(output ? { output } : {}) };
}

/** Whether a node's tasks go to the run's dispatcher: its own `distribute`, else the graph's; never a subgraph. */
function isDistributed(def: PlannableDefinition, spec: NodeSpec<unknown>, options: CompileOptions): boolean {
  const own = spec.options.distribute;
  if (own !== undefined && typeof own !== 'boolean')
    throw new WeftError('INVALID_ARGUMENT', `node "${spec.name}" of graph "${def.name}": distribute must be a boolean`);
  if (spec.sub && own === true)
    throw new GraphValidationError(def.name, [
      {
        code: 'INVALID_NODE',
        message: `node "${spec.name}" is a subgraph and cannot be distributed; mark the subgraph's own nodes (or compile it with distribute) instead`,
        nodes: [spec.name],
      },
    ]);
  if (spec.sub) return false;
  if (own !== undefined) return own;
  const all = options.distribute;
  return typeof all === 'function' ? all({ name: spec.name, kind: spec.options.kind ?? 'lambda' }) === true : all === true;
}

function checkOptions(name: string, o: CompileOptions): void {
  const bad = (msg: string) => new WeftError('INVALID_ARGUMENT', `compile() of graph "${name}": ${msg}`);
  if (o === null || typeof o !== 'object') throw bad('options must be an object');
  for (const key of ['maxSteps', 'maxConcurrency', 'snapshotEvery'] as const) {
    const v = o[key];
    if (v !== undefined && !(Number.isInteger(v) && v > 0) && !(key === 'maxConcurrency' && v === Infinity)) {
      throw bad(`${key} must be a positive integer, got ${String(v)}`);
    }
  }
  for (const key of ['maxCheckpointBytes', 'maxBlobBytes'] as const) {
    const max = o[key];
    if (max !== undefined && !(Number.isInteger(max) && max > 0) && max !== Infinity)
      throw bad(`${key} must be a positive integer or Infinity, got ${String(max)}`);
  }
  const policy = checkpointPolicyProblem(o.checkpoints);
  if (policy) throw bad(policy);
  if (o.version !== undefined && (typeof o.version !== 'string' || o.version === '')) throw bad('version must be a non-empty string');
  if (o.onGraphMismatch !== undefined && !['refuse', 'migrate', 'pin'].includes(o.onGraphMismatch))
    throw bad(`onGraphMismatch must be "refuse", "migrate" or "pin", got ${JSON.stringify(o.onGraphMismatch)}`);
  if (
    o.migrations !== undefined &&
    (!Array.isArray(o.migrations) || o.migrations.some((m) => (m as { kind?: unknown })?.kind !== 'weft.migration'))
  )
    throw bad('migrations must be a list of migration(…)');
  if (o.threadCheck !== undefined && typeof o.threadCheck !== 'function') throw bad('threadCheck must be a function of ({ tasks, state })');
  if (o.patches !== undefined && (!Array.isArray(o.patches) || o.patches.some((p) => typeof p !== 'string' || p === '')))
    throw bad('patches must be a list of patch ids (non-empty strings)');
  if (o.distribute !== undefined && typeof o.distribute !== 'boolean' && typeof o.distribute !== 'function')
    throw bad('distribute must be a boolean or a function of a node ({ name, kind }) to a boolean');
  // The plan holds no store (the runtime's CompiledGraph does); its shape is checked here with the other options, before the graph.
  const s = o.store;
  if (s !== undefined && (s === null || typeof s.put !== 'function' || typeof s.get !== 'function' || typeof s.list !== 'function')) {
    throw bad('store must implement CheckpointStore (put, get, list, delete, threads)');
  }
}

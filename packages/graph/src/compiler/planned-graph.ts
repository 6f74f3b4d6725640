import type { GraphDefinition } from '../spec/graph-definition.ts';
import type { IRGraph } from './build-ir.ts';
import type { ExecutionPlan } from './execution-plan.ts';
import type { GraphJSON } from './graph-json.ts';

/**
 * What compiling a definition makes: the plan the scheduler runs, the IR and
 * its JSON. A subgraph node of a definition holds its subgraph's plan and JSON
 * (the compiler inlines the plan and shows the JSON in the parent's IR), so
 * nothing below the runtime needs the `CompiledGraph` that wraps them.
 */
export interface PlannedGraph {
  plan: ExecutionPlan;
  ir: IRGraph;
  json: GraphJSON;
}

/** A definition ready to compile: its subgraph nodes hold what compiling their graphs made. */
export type PlannableDefinition = GraphDefinition<Pick<PlannedGraph, 'plan' | 'json'>>;

import type { Patch } from 'immer';
import type { WeftErrorJSON } from '@weft/common';
import type { InterruptRecord } from '@weft/checkpoint';
import type { RunStatus } from './run-result.ts';
import type { Budget, BudgetLimits, Usage } from '../spec/budget.ts';

/** The thread's usage as a `step.end` event reports it. */
export interface StepUsage {
  used: Usage;
  budget?: Budget;
  remaining?: BudgetLimits;
}

interface Base {
  runId: string;
  threadId: string | undefined;
  step: number;
  /** Subgraph nodes leading to the graph that emitted the event ([] at the top). */
  path: readonly string[];
  /** Milliseconds since the epoch. */
  ts: number;
}

/** Every event a run emits, one union discriminated by `type`. */
export type GraphEvent =
  | (Base & { type: 'run.start'; graph: string; input: unknown; resumedFrom: string | undefined })
  | (Base & { type: 'step.start'; nodes: string[] })
  | (Base & { type: 'node.start'; node: string; key: string | undefined; input: unknown; attempt: number })
  | (Base & { type: 'node.chunk'; node: string; key: string | undefined; chunk: unknown })
  /** `channel`: the name of the channel it was published on (`ctx.emit(channel, data)`); absent for `ctx.emit(data)`. */
  | (Base & { type: 'node.custom'; node: string; key: string | undefined; channel?: string; data: unknown })
  | (Base & { type: 'node.retry'; node: string; key: string | undefined; attempt: number; error: WeftErrorJSON; delayMs: number })
  | (Base & { type: 'node.end'; node: string; key: string | undefined; output: unknown; durationMs: number })
  | (Base & { type: 'state.patch'; patches: Patch[] })
  | (Base & { type: 'checkpoint.write'; checkpointId: string; seq: number; bytes: number; snapshot: boolean })
  | (Base & { type: 'interrupt'; interrupts: InterruptRecord[] })
  /** `usage`: the thread's count after the step, its budget and what is left of it; only when a budget is set or something was counted. */
  | (Base & { type: 'step.end'; nodes: string[]; usage?: StepUsage })
  | (Base & { type: 'error'; node: string | undefined; error: WeftErrorJSON })
  | (Base & { type: 'run.end'; status: RunStatus; output: unknown });

export type GraphEventType = GraphEvent['type'];

// One entry per member of the union: a type added to GraphEvent and not here fails to compile.
const EVERY_TYPE = {
  'run.start': true,
  'step.start': true,
  'node.start': true,
  'node.chunk': true,
  'node.custom': true,
  'node.retry': true,
  'node.end': true,
  'state.patch': true,
  'checkpoint.write': true,
  interrupt: true,
  'step.end': true,
  error: true,
  'run.end': true,
} as const satisfies Record<GraphEventType, true>;

/** Every event type, in the order a run can emit them (for validating names at run time). */
export const GRAPH_EVENT_TYPES = Object.keys(EVERY_TYPE) as GraphEventType[];

/** Distributes Omit over the union, keeping each member's own fields. */
export type EventBody<E = GraphEvent> = E extends unknown ? Omit<E, keyof Base> : never;

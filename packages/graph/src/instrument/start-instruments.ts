import type { ExecutionPlan } from '../compiler/execution-plan.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { GraphEvent } from '../events/graph-event.ts';
import type { RunResult } from '../events/run-result.ts';
import type { Instrumentation, InstrumentedNode, InstrumentedRun, RunInstrument } from './instrumentation.ts';

/** The nodes of a plan as instrumentations see them, built once per plan. */
const nodesOf = new WeakMap<ExecutionPlan, ReadonlyMap<string, InstrumentedNode>>();

function nodes(plan: ExecutionPlan): ReadonlyMap<string, InstrumentedNode> {
  let map = nodesOf.get(plan);
  if (!map) {
    map = new Map(
      plan.nodes.map((n) => [
        n.name,
        { kind: n.options.kind ?? (n.sub ? 'subgraph' : 'lambda'), annotations: n.options.annotations ?? {} },
      ]),
    );
    nodesOf.set(plan, map);
  }
  return map;
}

/** The started instruments of a run: each follows the hub's events; `end` gives them the result. */
export interface StartedInstruments {
  end(result: RunResult<unknown, unknown>): void;
}

/**
 * Starts each instrumentation on the run and subscribes what it returns to
 * the run's events (only the types it asked for). An instrument that throws
 * is dropped from that point: the run goes on as if it were not there.
 */
export function startInstruments(
  plan: ExecutionPlan,
  hub: EventHub<GraphEvent>,
  instrumentation: readonly Instrumentation[],
  run: Omit<InstrumentedRun, 'graph' | 'nodes'>,
): StartedInstruments {
  const started: { instrument: RunInstrument; stop: () => void }[] = [];
  for (const i of instrumentation) {
    let instrument: RunInstrument | undefined;
    try {
      instrument = i.startRun({ ...run, graph: plan.name, nodes: nodes(plan) });
    } catch {
      continue;
    }
    if (!instrument) continue;
    const own = instrument;
    let stop = () => {};
    const observer = {
      next: (e: GraphEvent) => {
        try {
          own.event(e);
        } catch {
          stop();
        }
      },
      error: () => {},
      complete: () => {},
    };
    stop = own.types ? hub.subscribeTo(own.types, observer) : hub.subscribe(observer);
    started.push({ instrument: own, stop: () => stop() });
  }
  return {
    end(result) {
      for (const { instrument, stop } of started) {
        stop();
        try {
          instrument.end(result);
        } catch {
          // An instrument's failure never changes the run's result.
        }
      }
    },
  };
}

import { runTargetKind, type Agent } from '@weft/agents';
import type { AnyCompiledGraph } from '@weft/graph';

/** An export weft can run: an agent tree (run by a Runner) or a compiled graph. */
export type RunnableExport = { kind: 'agent'; agent: Agent } | { kind: 'graph'; graph: AnyCompiledGraph };

/**
 * The agent or compiled graph `value` is, or undefined, as every host
 * recognises one (runTargetKind): an agent the agent functions made (a
 * `kind` and a `name` alone, which a tool has too, make none), a compiled
 * graph of this or a module's own copy of @weft/graph (three methods named
 * run, resume and withStore make none).
 */
export function runnableExport(value: unknown): RunnableExport | undefined {
  const kind = runTargetKind(value);
  if (kind === 'agent') return { kind, agent: value as Agent };
  return kind === 'graph' ? { kind, graph: value as AnyCompiledGraph } : undefined;
}

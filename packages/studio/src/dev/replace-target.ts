import type { Agent, AgentGraphVersions } from '@weft/agents';
import type { AnyCompiledGraph, CheckpointStore, Instrumentation } from '@weft/graph';
import type { StudioDeps } from '../api/studio-deps.ts';
import { StudioError } from '../errors.ts';
import { graphDrawings } from '../graph/graph-drawings.ts';
import { checkTargetVersions } from '../runs/check-target-versions.ts';
import { localTarget } from '../runs/local-target.ts';
import type { StudioRunner } from '../runs/studio-runner.ts';
import { LocalRunner } from '../runs/local-runner.ts';
import { graphChanges } from './graph-changes.ts';
import type { GraphEventData, GraphFeed } from './graph-feed.ts';
import { staleThreads } from './stale-threads.ts';

/** What a replacement works on: the routes' deps, the runner, and what createStudio built the first target with. */
export interface ReplaceScope {
  deps: StudioDeps;
  runner: StudioRunner;
  feed: GraphFeed;
  store: CheckpointStore;
  instrument: Instrumentation;
  /** The title option, when createStudio was given one (else the graph's name is the title). */
  title: string | undefined;
  /** The streaming option, kept by every build served. */
  streaming: boolean;
}

/** How a replacement is told to the pages. */
export interface ReplaceOptions {
  /** What was loaded again, as the page's notice names it (`weft dev`: the module's file name). */
  source?: string;
  /**
   * The new build's versions, for an agent (createStudio's `versions`): a
   * build without them serves none, as its own module says.
   */
  versions?: AgentGraphVersions;
}

/**
 * Serves `next` instead of the current target: new runs, resumes and forks
 * go to it and GET /api/graph answers its drawing, while the runs under way
 * finish on the target they started on (the runner read its launch when it
 * started them). Every follower of GET /api/graph/events gets a `graph`
 * event with what changed and the threads the new graph cannot resume.
 * A studio on a queue runs the workers' target: it cannot replace it.
 */
export async function replaceTarget(
  scope: ReplaceScope,
  next: Agent | AnyCompiledGraph,
  options: ReplaceOptions = {},
): Promise<GraphEventData> {
  const { deps, runner, feed } = scope;
  if (!(runner instanceof LocalRunner))
    throw new StudioError(
      'NOT_SUPPORTED',
      "replaceTarget(): a studio on a queue runs the workers' target; restart the workers with the new one",
    );
  checkTargetVersions('replaceTarget()', next, options.versions);
  const local = localTarget(next, scope.store, scope.instrument, scope.streaming, options.versions);
  const before = deps.graph.toJSON();
  const after = local.graph.toJSON();
  const drawings = graphDrawings(local.graph, local.kind);
  // Laid out before the pages hear of it: the page that asks for the new drawing gets it at once.
  await drawings.ready;
  runner.target = local;
  Object.assign(deps, {
    kind: local.kind,
    graph: local.graph,
    drawing: (view) => drawings.get(view),
    title: scope.title ?? local.name,
    displayName: local.name,
  } satisfies Partial<StudioDeps>);
  feed.seen.set(after.hash, after);
  const data: GraphEventData = {
    name: after.name,
    hash: after.hash,
    kind: local.kind,
    source: options.source ?? null,
    previousHash: before.hash,
    changes: graphChanges(before, after),
    stale: await staleThreads(scope.store, local.graph, feed.seen),
  };
  feed.replaced(data);
  return data;
}

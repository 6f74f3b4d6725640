import type { AnyCompiledGraph, CheckpointStore } from '@weft/graph';
import type { MemoryBank } from '@weft/memory';
import type { GraphDrawing } from '@weft/viz';
import type { GraphView } from '../graph/graph-drawings.ts';
import type { ThreadChannels } from '../events/thread-channels.ts';
import type { RunAdmission } from '../runs/run-admission.ts';
import type { StudioRunner } from '../runs/studio-runner.ts';

/** The per-request bounds the routes apply (see StudioOptions). */
export interface RequestLimits {
  maxBodyDepth: number;
  maxBodyKeys: number;
  maxFollowerBufferBytes: number;
}

/** What the routes work with. */
export interface StudioDeps {
  kind: 'agent' | 'graph';
  /** The compiled graph: drawn, and read for state and history. */
  graph: AnyCompiledGraph;
  store: CheckpointStore;
  runner: StudioRunner;
  /** Which requests may start a run now, which wait, which are refused. */
  admission: RunAdmission;
  limits: RequestLimits;
  channels: ThreadChannels;
  /** Session values every run starts with (a request's own override them). */
  sessionValues: Record<string, unknown>;
  /** The drawing of a view (default: the target's default level); the levels are laid out before the studio serves. */
  drawing: (view?: GraphView) => Promise<GraphDrawing>;
  title: string;
  /** The agent's own name, or the graph's (`Travel`, where the graph is `agents:Travel`). */
  displayName: string;
  /** The memory bank GET /api/memory reads items from (createStudio's `memory`); none, none served. */
  memory?: MemoryBank;
  /** The studio runs on a queue whose schedules GET /api/schedules lists (createStudio's `queue`). */
  schedules: boolean;
}

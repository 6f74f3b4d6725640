import type { Agent, AgentGraphVersions } from '@weft/agents';
import type { CheckpointStore, CompiledGraph } from '@weft/graph';
import type { Queue } from './load-bullmq.ts';
import { loadOptional } from './load-optional.ts';
import type { MemoryBank } from '@weft/memory';

/** The studio's bounds that `weft serve --max-…` sets (see @weft/studio's StudioOptions); one left out keeps the studio's default. */
export interface StudioLimits {
  /** Runs, resumes and forks under way at once. */
  maxRuns?: number;
  /** Requests that wait for one of maxRuns; past them, 429 TOO_MANY_RUNS. */
  maxQueuedRuns?: number;
  /** The largest request body, in bytes (413 BODY_TOO_LARGE); run requests have maxRunBodyBytes. */
  maxBodyBytes?: number;
  /** The largest body of a run request, which may carry attachments (413 BODY_TOO_LARGE). */
  maxRunBodyBytes?: number;
  /** Bytes of content parts (images, files) the Studio keeps for its pages; the least recently used go first. */
  maxContentBytes?: number;
  /** How deep a JSON body may nest (400 BODY_TOO_DEEP). */
  maxBodyDepth?: number;
  /** Object keys and array items in one body (400 BODY_TOO_MANY_KEYS). */
  maxBodyKeys?: number;
  /** Bytes of events held for an events client that reads slower than the run emits; past them it is disconnected. */
  maxFollowerBufferBytes?: number;
}

/** What changed between two builds of the graph, as @weft/studio's graphChanges says it. */
export type GraphChanges = Record<'added' | 'removed' | 'edgesAdded' | 'edgesRemoved', string[]> & {
  changed: { node: string; fields: string[] }[];
};

/** A replacement of the served target, as @weft/studio's replaceTarget answers it. */
export interface ReplacedTarget {
  hash: string;
  changes: GraphChanges | null;
  /** The threads the new graph cannot resume: another build wrote their latest checkpoint. */
  stale: { threadId: string; status: string; hash: string; changes: GraphChanges | null }[];
}

/** What `weft serve` and `weft dev` ask of @weft/studio. */
export interface Studio {
  /** One line for a person: what changed between two builds. */
  describeChanges(changes: GraphChanges): string;
  serveStudio(
    options: StudioLimits & {
      target: Agent | CompiledGraph;
      store: CheckpointStore;
      port?: number;
      host?: string;
      token?: string;
      sessionValues?: Record<string, unknown>;
      /** `--prices`: the model price table, as the file holds it; createStudio checks its shape. */
      prices?: unknown;
      /** `--streaming`: an agent's model calls stream. */
      streaming?: boolean;
      context?: Record<string, unknown>;
      /** Runs go to the queue's workers, which know the target by this name. */
      queue?: { queue: Queue; target: string };
      /** An agent module's `versions` export: its Runner's. */
      versions?: AgentGraphVersions;
      /** The module's exported `memory` bank: the Studio shows its items. */
      memory?: MemoryBank;
      /** `--eval-reports`: the folder of eval reports the Studio lists (read only). */
      evalReports?: string;
    },
  ): Promise<{
    url: string;
    close(): Promise<void>;
    /** Serves another build of the target (weft dev): new runs use it, open pages redraw. */
    replaceTarget(target: Agent | CompiledGraph, options?: { source?: string; versions?: AgentGraphVersions }): Promise<ReplacedTarget>;
    /** Tells the open pages that a build failed; the served target stays. */
    reportTargetError(error: { code?: string; message: string }): void;
  }>;
}

const PACKAGE = '@weft/studio';

/**
 * @weft/studio, loaded only by `weft serve` and `weft dev`: it brings an HTTP server, which
 * a project that does not open the studio does not install. Missing, it is a
 * STUDIO_UNAVAILABLE error (exit code 2) whose hint installs it.
 */
export function loadStudio(specifier: string = PACKAGE): Promise<Studio> {
  return loadOptional<Studio>(specifier, 'STUDIO_UNAVAILABLE', 'weft serve');
}

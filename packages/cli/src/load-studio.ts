import type { Agent } from '@weft/agents';
import type { CheckpointStore, CompiledGraph } from '@weft/graph';
import type { Queue } from './load-bullmq.ts';
import { loadOptional } from './load-optional.ts';

/** What `weft serve` asks of @weft/studio's serveStudio. */
export interface Studio {
  serveStudio(options: {
    target: Agent | CompiledGraph;
    store: CheckpointStore;
    port?: number;
    host?: string;
    token?: string;
    sessionValues?: Record<string, unknown>;
    context?: Record<string, unknown>;
    /** Runs go to the queue's workers, which know the target by this name. */
    queue?: { queue: Queue; target: string };
  }): Promise<{ url: string; close(): Promise<void> }>;
}

const PACKAGE = '@weft/studio';

/**
 * @weft/studio, loaded only by `weft serve`: it brings an HTTP server, which
 * a project that does not open the studio does not install. Missing, it is a
 * STUDIO_UNAVAILABLE error (exit code 2) whose hint installs it.
 */
export function loadStudio(specifier: string = PACKAGE): Promise<Studio> {
  return loadOptional<Studio>(specifier, 'STUDIO_UNAVAILABLE', 'weft serve');
}

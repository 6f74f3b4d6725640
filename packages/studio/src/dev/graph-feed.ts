import type { GraphJSON } from '@weft/graph';
import type { GraphChanges } from './graph-changes.ts';
import type { StaleThread } from './stale-threads.ts';

/** What a `graph` event says: the graph served now, what changed from the one before, and the threads it cannot resume. */
export interface GraphEventData {
  name: string;
  /** The structure hash of the served graph (GET /api/graph answers the same). */
  hash: string;
  kind: 'agent' | 'graph';
  /** What was loaded again, as the page names it (`weft dev`: the module's file name); null when not said. */
  source: string | null;
  /** The hash served before this replacement; null in the event a new stream starts with. */
  previousHash: string | null;
  /** What changed from the graph served before; null in the event a new stream starts with. */
  changes: GraphChanges | null;
  stale: StaleThread[];
}

/** What a `graph.error` event says: the new build of the target could not be served, and the previous one still is. */
export interface GraphErrorData {
  code: string;
  message: string;
}

/** One event of GET /api/graph/events (`id` counts the studio's replacements and failures). */
export type GraphFeedEvent =
  { id: string; event: 'graph'; data: GraphEventData } | { id: string; event: 'graph.error'; data: GraphErrorData };

/**
 * The studio's served-graph stream: every replacement of the target (and
 * every build that failed to load) goes to each open page, which redraws
 * without reloading. It also remembers each graph it served by hash, so a
 * thread written by an earlier build can say what changed since.
 */
export class GraphFeed {
  /** Every graph served since the studio started, by structure hash. */
  readonly seen = new Map<string, GraphJSON>();
  readonly #listeners = new Set<(event: GraphFeedEvent) => void>();
  #count = 0;
  #error: GraphErrorData | undefined;

  /** `served`: the graph the studio starts with. */
  constructor(served: GraphJSON) {
    this.seen.set(served.hash, served);
  }

  /** The failure of the latest build, until a good one replaces it: a page that opens meanwhile shows it too. */
  get error(): GraphErrorData | undefined {
    return this.#error;
  }

  /** Sends a replacement to every follower, and forgets the failure it recovers from. */
  replaced(data: GraphEventData): void {
    this.#error = undefined;
    this.#send({ id: String(++this.#count), event: 'graph', data });
  }

  /** Sends a failed build to every follower; the served graph stays. */
  failed(data: GraphErrorData): void {
    this.#error = data;
    this.#send({ id: String(++this.#count), event: 'graph.error', data });
  }

  /** Hands every later event to `listener` until the returned function is called. */
  subscribe(listener: (event: GraphFeedEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** The id of the latest event ("0" before any): a new stream's opening events carry it. */
  get lastId(): string {
    return String(this.#count);
  }

  #send(event: GraphFeedEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

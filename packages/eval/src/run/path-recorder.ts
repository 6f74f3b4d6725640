import type { GraphEvent, Instrumentation, RunInstrument } from '@weft/graph';
import type { GraphPath } from './graph-path.ts';
import { END_NODE, START_NODE, edgeName, qualify, type GraphIndex } from './graph-index.ts';

const WATCHED: ReadonlySet<GraphEvent['type']> = new Set(['step.start', 'node.start', 'node.end', 'run.end']);

/**
 * Records the part of the graph a case's runs go through, as an
 * instrumentation given to each of its runs (turns and resumes share one
 * recorder): the nodes that start, in order, and the edges that brought them
 * there. A node that starts in step s took the edge from each predecessor
 * (in the IR) that ended in step s-1 of the same (sub)graph; the first step
 * takes the edges from START; a run that ends done took the edges to END
 * from the nodes of its last step, and a subgraph node that ends did the same
 * inside. Steps and model calls are counted on the way.
 *
 * @example
 * const recorder = new PathRecorder(() => graphIndex(graph.toJSON()));
 * await graph.run(input, { instrumentation: [recorder] });
 * recorder.path(); // { nodes: ['a', 'b'], edges: ['__start__ -> a', 'a -> b', 'b -> __end__'] }
 */
export class PathRecorder implements Instrumentation {
  readonly #index: () => GraphIndex | undefined;
  readonly #nodes: string[] = [];
  readonly #edges = new Set<string>();
  /** Per (sub)graph prefix: the nodes that ended, by step. */
  readonly #ended = new Map<string, Map<number, string[]>>();
  #steps = 0;
  #modelCalls = 0;

  /** `index` is read when events arrive: the graph may be compiled after the recorder is made (it is one of its instrumentations). */
  constructor(index: () => GraphIndex | undefined) {
    this.#index = index;
  }

  startRun(): RunInstrument {
    return { types: WATCHED, event: (event) => this.#event(event), end: () => undefined };
  }

  path(): GraphPath {
    return { nodes: [...this.#nodes], edges: [...this.#edges] };
  }

  /** Scheduler steps of the top graph, over every run recorded. */
  get steps(): number {
    return this.#steps;
  }

  /** Starts of `chat-model` nodes (first attempts), over every run recorded. */
  get modelCalls(): number {
    return this.#modelCalls;
  }

  #event(event: GraphEvent): void {
    const prefix = event.path.join('/');
    switch (event.type) {
      case 'step.start':
        if (prefix === '') this.#steps += 1;
        return;
      case 'node.start':
        if (event.attempt > 1) return;
        this.#started(prefix, event.node, event.step);
        return;
      case 'node.end':
        this.#endedIn(prefix, event.step).push(event.node);
        if (this.#index()?.graphs.has(qualify(prefix, event.node))) this.#toEnd(qualify(prefix, event.node));
        return;
      case 'run.end':
        if (prefix === '' && event.status === 'done') this.#toEnd('');
        return;
      default:
        return;
    }
  }

  #started(prefix: string, node: string, step: number): void {
    const graph = this.#index()?.graphs.get(prefix);
    this.#nodes.push(qualify(prefix, node));
    if (graph === undefined) return;
    if (graph.kinds.get(node) === 'chat-model') this.#modelCalls += 1;
    const before = this.#ended.get(prefix)?.get(step - 1) ?? [];
    // A run's first step (nothing of this graph ended just before) starts from START.
    if (before.length === 0 && graph.next.get(START_NODE)?.has(node)) this.#edges.add(edgeName(prefix, START_NODE, node));
    for (const from of before) if (graph.next.get(from)?.has(node)) this.#edges.add(edgeName(prefix, from, node));
  }

  /** The (sub)graph at `prefix` ended: its last step's nodes took their edges to END. */
  #toEnd(prefix: string): void {
    const graph = this.#index()?.graphs.get(prefix);
    const byStep = this.#ended.get(prefix);
    if (graph === undefined || byStep === undefined || byStep.size === 0) return;
    const last = Math.max(...byStep.keys());
    for (const from of byStep.get(last) ?? []) if (graph.next.get(from)?.has(END_NODE)) this.#edges.add(edgeName(prefix, from, END_NODE));
  }

  #endedIn(prefix: string, step: number): string[] {
    let byStep = this.#ended.get(prefix);
    if (byStep === undefined) this.#ended.set(prefix, (byStep = new Map()));
    let nodes = byStep.get(step);
    if (nodes === undefined) byStep.set(step, (nodes = []));
    return nodes;
  }
}

import type { AgentEvent } from '@weft/agents';
import type { GraphEvent } from '@weft/graph';
import type { CliIo } from './cli-io.ts';
import { AgentEventPrinter } from './print-agent-events.ts';
import { GraphEventPrinter } from './print-graph-events.ts';
import { toJsonLine } from './to-json-line.ts';

/** Where a run's events go as they arrive: readable lines, or `{"event": …}` JSON lines with `--json`. */
export interface EventSink {
  agent(e: AgentEvent): void;
  graph(e: GraphEvent): void;
  /** The run is over: close what is open (a streamed line). */
  finish(): void;
}

export function eventSink(io: CliIo, options: { json: boolean; stream: boolean }): EventSink {
  if (options.json) {
    const emit = (event: unknown) => io.stdout(toJsonLine({ event }));
    return { agent: emit, graph: emit, finish: () => {} };
  }
  const agents = new AgentEventPrinter(io.stdout);
  const graphs = new GraphEventPrinter(io.stdout, { chunks: options.stream });
  return { agent: (e) => agents.print(e), graph: (e) => graphs.print(e), finish: () => agents.finish() };
}

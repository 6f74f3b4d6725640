import type { GraphEvent } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';
import type { AgentToolInfo } from '../compile/agent-compiler.ts';
import { readAgentEvent, readAgentInterrupted, readCallerRunPath } from '../compile/emit-agent-event.ts';
import { finalCandidate, type FinalMessage } from './final-output.ts';

/**
 * Turns a run's `node.custom` events into the AgentEvents a Runner emits.
 * Events of the run itself go out as they are. Events from inside agent tools
 * (their graph path names the agent-tool nodes, outermost first) go out only
 * when every agent tool on the way forwards them (`emitInternalEvents`), with
 * the calling agents' RunPath in front: outer + middle + inner.
 *
 * That prefix comes with the event (`callerRunPath`, which each agent-tool
 * call's input carries into the inner graph's state), not from what the
 * router saw earlier: a resumed run starts inside the agent tool, and its
 * callers emit nothing before it, yet its events need the same prefix.
 */
export class AgentEventRouter {
  /** Where an agent stood when its model step stopped at an interrupt (top level only). */
  readonly interruptedAt = new Map<string, string[]>();
  /** The last event of the run itself that can end it (see finalCandidate). */
  final: FinalMessage | undefined;

  constructor(
    private readonly agentTools: ReadonlyMap<string, AgentToolInfo>,
    private readonly emit: (event: AgentEvent) => void,
  ) {}

  route(e: Extract<GraphEvent, { type: 'node.custom' }>): void {
    const at = readAgentInterrupted(e.data);
    if (at) {
      if (e.path.length === 0) this.interruptedAt.set(at.agentName, at.runPath);
      return;
    }
    const event = readAgentEvent(e.data);
    if (!event) return;
    if (e.path.length === 0) {
      this.final = finalCandidate(event) ?? this.final;
      return this.emit(event);
    }
    if (this.#forwarded(e.path)) this.emit({ ...event, runPath: [...readCallerRunPath(e.data), ...event.runPath] });
  }

  /** Whether every agent tool on the graph path forwards its inner events. */
  #forwarded(path: readonly string[]): boolean {
    let tools = this.agentTools;
    for (const node of path) {
      const tool = tools.get(node);
      if (!tool?.emitInternalEvents) return false;
      tools = tool.inner;
    }
    return true;
  }
}

import type { GraphEvent } from '@weft/graph';
import type { AgentEvent } from '../agents/agent-event.ts';
import type { AgentToolInfo } from '../compile/agent-compiler.ts';
import { readAgentEvent, readAgentInterrupted } from '../compile/emit-agent-event.ts';

/**
 * Turns a run's `node.custom` events into the AgentEvents a Runner emits.
 * Events of the run itself go out as they are. Events from inside agent tools
 * (their graph path names the agent-tool nodes, outermost first) go out only
 * when every agent tool on the way forwards them (`emitInternalEvents`), with
 * the RunPath of each calling agent in front: outer + middle + inner.
 */
export class AgentEventRouter {
  /** The latest RunPath of each agent, per level: the agent's name at the top, `<agent-tool nodes joined by '/'>|<agent>` below. */
  readonly #lastPath = new Map<string, string[]>();
  /** Where an agent stood when its model step stopped at an interrupt (top level only). */
  readonly interruptedAt = new Map<string, string[]>();

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
      this.#lastPath.set(event.agentName, event.runPath);
      return this.emit(event);
    }
    this.#lastPath.set(`${e.path.join('/')}|${event.agentName}`, event.runPath);
    const prefix = this.#forwardedPrefix(e.path);
    if (prefix) this.emit({ ...event, runPath: [...prefix, ...event.runPath] });
  }

  /** The callers' RunPaths for an event from inside agent tools, or undefined when one of them hides it. */
  #forwardedPrefix(path: readonly string[]): string[] | undefined {
    const prefix: string[] = [];
    let tools = this.agentTools;
    for (let i = 0; i < path.length; i++) {
      const tool = tools.get(path[i]!);
      if (!tool?.emitInternalEvents) return undefined;
      prefix.push(...(this.#lastPath.get(i === 0 ? tool.caller : `${path.slice(0, i).join('/')}|${tool.caller}`) ?? []));
      tools = tool.inner;
    }
    return prefix;
  }
}

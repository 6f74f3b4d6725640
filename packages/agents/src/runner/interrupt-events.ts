import type { InterruptRecord, RunInterrupted } from '@weft/graph';
import type { AgentInterruptEvent } from '../agents/agent-event.ts';
import type { AgentInfo } from '../compile/agent-graph-compiler.ts';
import type { AgentRunState } from '../compile/agent-run-state.ts';

/** What the Runner knows of the compiled tree, to say whose interrupts they are. */
export interface InterruptOwners {
  agents: ReadonlyMap<string, AgentInfo>;
  /** The agent of each node (an interrupt's `path` starts with the node it stopped, at the top). */
  nodeAgents: ReadonlyMap<string, string>;
}

/**
 * The events that end an interrupted run: one per interrupted agent, carrying
 * its pending interrupts. An interrupt belongs to the agent of the top-level
 * node it stopped (its record's `path[0]`: an interrupt inside an agent tool
 * belongs to the agent that called it). Interrupts of the children of an
 * agent that groups them (a parallel) are listed together in one event of
 * that agent, the outermost of such agents that nest directly. An agent
 * whose model step stopped reports the RunPath it had in that step
 * (`interruptedAt`), which its state does not hold: the step's changes were
 * dropped.
 */
export function interruptEvents(
  res: RunInterrupted<AgentRunState>,
  owners: InterruptOwners,
  interruptedAt: ReadonlyMap<string, string[]>,
): AgentInterruptEvent[] {
  const byOwner = new Map<string, InterruptRecord[]>();
  const grouping = new Set<string>();
  for (const i of res.interrupts) {
    const agent = owners.nodeAgents.get(i.path[0] ?? '') ?? '';
    const owner = ownerOf(agent, owners.agents);
    if (owner !== agent) grouping.add(owner);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), i]);
  }
  return [...byOwner].map(([agentName, interrupts]) => {
    const lane = res.state.lanes[owners.agents.get(agentName)?.lane ?? ''];
    const saved = lane?.runPath ?? [];
    const runPath = interruptedAt.get(agentName) ?? (grouping.has(agentName) ? saved : entered(saved, agentName));
    return { type: 'interrupt', agentName, runPath: [...runPath], action: { interrupted: { interrupts } } };
  });
}

/**
 * The RunPath of an agent that stopped in the step that entered it: the lane's
 * saved RunPath (that step's changes were dropped) with the agent's own name,
 * which the step would have added. Any kind gets this; a ReAct agent's model
 * step publishes its exact RunPath instead (interruptedAgents). (An agent that
 * groups its children's interrupts names the RunPath its lane holds.)
 */
function entered(runPath: readonly string[], agentName: string): readonly string[] {
  if (runPath.at(-1) === agentName) return runPath;
  return [...runPath, agentName];
}

/** The agent an interrupt event names: the outermost of the grouping agents around it that nest directly, or the agent itself. */
function ownerOf(agent: string, agents: ReadonlyMap<string, AgentInfo>): string {
  let owner = agents.get(agent)?.parallel;
  if (owner === undefined) return agent;
  for (let up = agents.get(owner)?.parent; up !== undefined && agents.get(up)?.groupsInterrupts; up = agents.get(up)?.parent) owner = up;
  return owner;
}

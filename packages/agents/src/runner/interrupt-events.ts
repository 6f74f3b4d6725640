import type { RunResult } from '@weft/graph';
import type { AgentInterruptEvent } from '../agents/agent-event.ts';
import type { AgentInfo } from '../compile/agent-compiler.ts';
import type { AgentRunState } from '../compile/agent-run-state.ts';

/**
 * The events that end an interrupted run: one per interrupted agent, carrying
 * its pending interrupts. Interrupts inside a parallel agent are listed
 * together in one event of the parallel that sits directly in a sequential,
 * a loop or at the root (nested parallels count as one). An agent whose model
 * step stopped reports the RunPath it had in that step (`interruptedAt`),
 * which its state does not hold: the step's changes were dropped.
 */
export function interruptEvents(
  res: RunResult<unknown, AgentRunState>,
  agents: ReadonlyMap<string, AgentInfo>,
  interruptedAt: ReadonlyMap<string, string[]>,
): AgentInterruptEvent[] {
  const byOwner = new Map<string, typeof res.interrupts>();
  for (const i of res.interrupts) {
    const agent = agentOf(i.address);
    const owner = ownerOf(agent, agents);
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), i]);
  }
  return [...byOwner].map(([agentName, interrupts]) => {
    const lane = res.state.lanes[agents.get(agentName)?.lane ?? ''];
    const runPath = interruptedAt.get(agentName) ?? lane?.runPath ?? [];
    return { type: 'interrupt', agentName, runPath: [...runPath], action: { interrupted: { interrupts } } };
  });
}

/** The agent an interrupt event names: the outermost of the parallels around it that nest directly, or the agent itself. */
function ownerOf(agent: string, agents: ReadonlyMap<string, AgentInfo>): string {
  let owner = agents.get(agent)?.parallel;
  if (owner === undefined) return agent;
  for (let up = agents.get(owner)?.parent; up !== undefined && agents.get(up)?.kind === 'parallel'; up = agents.get(up)?.parent) owner = up;
  return owner;
}

/**
 * The agent an interrupt belongs to: the last `agent:` segment before the
 * first `tool:` segment (an interrupt inside an agent tool belongs to the
 * agent that called it).
 */
function agentOf(address: string): string {
  let agent = '';
  for (const segment of address.split('/')) {
    if (segment.startsWith('tool:')) break;
    if (segment.startsWith('agent:')) agent = segment.slice('agent:'.length);
  }
  return agent;
}

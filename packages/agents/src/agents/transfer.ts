import { AgentError } from '../errors.ts';
import { isAgent, type Agent, type TransferOptions } from './agent.ts';
import type { ChatModelAgent } from './chat-model-agent.ts';
import type { OutputOf } from './agent-output.ts';
import { copyAgent } from './copy-agent.ts';

export type { TransferOptions } from './agent.ts';

// One parent per agent: remembered across calls, since agents are immutable values.
const parents = new WeakMap<Agent, string>();

/**
 * Makes `children` the sub-agents of `parent` (an agent that decides
 * transfers: a chatModelAgent): it gets a `transfer_to_agent` tool listing
 * its targets, and a transfer hands the same session and full history to the
 * target. Returns the parent with its sub-agents; an agent may have only one
 * parent, and sub-agents are set once.
 *
 * @example
 * const desk = withSubAgents(router, [billing, tech], { allowTransferToPeers: true });
 */
export function withSubAgents<P extends ChatModelAgent, const C extends readonly Agent[]>(
  parent: P,
  children: C,
  options: TransferOptions = {},
): ChatModelAgent<OutputOf<P> | OutputOf<C[number]>> {
  if (!isAgent(parent) || typeof parent.withSubAgents !== 'function')
    throw new AgentError(
      'AGENT_TREE_INVALID',
      'withSubAgents(parent, …): the parent must be an agent that decides transfers, such as a chatModelAgent (it needs a model to decide)',
    );
  if (parent.subAgents?.length)
    throw new AgentError('AGENT_TREE_INVALID', `agent "${parent.name}" already has sub-agents; they are set once`);
  if (!Array.isArray(children) || children.length === 0)
    throw new AgentError('AGENT_TREE_INVALID', `withSubAgents("${parent.name}", …) needs at least one child agent`);
  const names = new Set([parent.name]);
  for (const child of children) {
    if (!isAgent(child)) throw new AgentError('AGENT_TREE_INVALID', `a sub-agent of "${parent.name}" is not an agent`);
    if (names.has(child.name))
      throw new AgentError(
        'AGENT_TREE_INVALID',
        `two agents are named "${child.name}" under "${parent.name}"; names must be unique in a tree`,
      );
    names.add(child.name);
    const other = parents.get(child);
    if (other !== undefined)
      throw new AgentError(
        'AGENT_TREE_INVALID',
        `agent "${child.name}" already has the parent "${other}"; an agent has at most one parent`,
      );
  }
  for (const child of children) parents.set(child, parent.name);
  // The output type is type-only (`~output` is never set): a transfer may end the run in the parent or in any child.
  return parent.withSubAgents(children, { ...options }) as ChatModelAgent<OutputOf<P> | OutputOf<C[number]>>;
}

/**
 * After `agent` ends normally (not by an Exit or an interrupt), control
 * transfers to the named agent of the same tree, with an assistant + tool
 * message pair recording the transfer.
 *
 * @example
 * const worker = deterministicTransfer(researcher, ['Supervisor']);
 */
export function deterministicTransfer<A extends Agent>(agent: A, to: string[]): A {
  if (!isAgent(agent)) throw new AgentError('INVALID_ARGUMENT', 'deterministicTransfer(agent, [name]) needs an agent');
  if (!Array.isArray(to) || to.length !== 1 || typeof to[0] !== 'string') {
    throw new AgentError('INVALID_ARGUMENT', `deterministicTransfer("${agent.name}", …) takes exactly one target agent name`);
  }
  return copyAgent(agent, { handoff: to[0] });
}

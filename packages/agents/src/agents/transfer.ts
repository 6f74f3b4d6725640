import { AgentError } from '../errors.ts';
import type { Agent } from './agent.ts';
import type { ChatModelAgent } from './chat-model-agent.ts';
import type { OutputOf } from './agent-output.ts';

export interface TransferOptions {
  /** Children may not transfer back to this parent. */
  disallowTransferToParent?: boolean;
  /** Children may transfer to each other. */
  allowTransferToPeers?: boolean;
}

// One parent per agent: remembered across calls, since agents are immutable values.
const parents = new WeakMap<Agent, string>();

/**
 * Makes `children` the sub-agents of `parent` (a ChatModelAgent): it gets a
 * `transfer_to_agent` tool listing its targets, and a transfer hands the same
 * session and full history to the target. Returns the parent with its
 * sub-agents; an agent may have only one parent, and sub-agents are set once.
 */
export function withSubAgents<P extends ChatModelAgent, const C extends readonly Agent[]>(
  parent: P,
  children: C,
  options: TransferOptions = {},
): ChatModelAgent<OutputOf<P> | OutputOf<C[number]>> {
  if (parent?.kind !== 'chat-model')
    throw new AgentError(
      'AGENT_TREE_INVALID',
      'withSubAgents(parent, …): the parent must be a chatModelAgent (it needs a model to decide transfers)',
    );
  if (parent.subAgents?.length)
    throw new AgentError('AGENT_TREE_INVALID', `agent "${parent.name}" already has sub-agents; they are set once`);
  if (!Array.isArray(children) || children.length === 0)
    throw new AgentError('AGENT_TREE_INVALID', `withSubAgents("${parent.name}", …) needs at least one child agent`);
  const names = new Set([parent.name]);
  for (const child of children) {
    if (child === null || typeof child !== 'object' || typeof child.kind !== 'string')
      throw new AgentError('AGENT_TREE_INVALID', `a sub-agent of "${parent.name}" is not an agent`);
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
  const agent: ChatModelAgent = Object.freeze({ ...parent, subAgents: Object.freeze([...children]), transferOptions: { ...options } });
  // The output type is type-only (`~output` is never set): a transfer may end the run in the parent or in any child.
  return agent as ChatModelAgent<OutputOf<P> | OutputOf<C[number]>>;
}

/**
 * After `agent` ends normally (not by an Exit or an interrupt), control
 * transfers to the named agent of the same tree, with an assistant + tool
 * message pair recording the transfer.
 */
export function deterministicTransfer<A extends Agent>(agent: A, to: string[]): A {
  if (agent === null || typeof agent !== 'object' || typeof agent.kind !== 'string')
    throw new AgentError('INVALID_ARGUMENT', 'deterministicTransfer(agent, [name]) needs an agent');
  if (!Array.isArray(to) || to.length !== 1 || typeof to[0] !== 'string') {
    throw new AgentError('INVALID_ARGUMENT', `deterministicTransfer("${agent.name}", …) takes exactly one target agent name`);
  }
  return Object.freeze({ ...(agent as object), handoff: to[0] }) as unknown as A;
}

import type { Agent } from './agent.ts';

/**
 * A frozen copy of `agent` with `fields` set: how deterministicTransfer and
 * withSubAgents make a changed agent, since agents are immutable values. The
 * prototype is kept, so a kind written as a class keeps its methods.
 */
export function copyAgent<A extends Agent>(agent: A, fields: Partial<Record<keyof Agent | 'transferOptions', unknown>>): A {
  return Object.freeze(Object.assign(Object.create(Object.getPrototypeOf(agent) as object) as A, agent, fields));
}

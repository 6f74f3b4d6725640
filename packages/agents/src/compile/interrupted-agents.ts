import { channel, type Channel } from '@weft/graph';

/** Where an agent stood when its model step stopped at an interrupt. */
export interface InterruptedAgent {
  agentName: string;
  /** Its RunPath in that step (with its own name when the step entered it). */
  runPath: string[];
}

/**
 * What a model node publishes when its step stops at an interrupt: the step's
 * state changes (the agent's name joining the lane's RunPath) are dropped
 * with it, so the Runner takes the interrupt event's RunPath from here.
 */
export const interruptedAgents: Channel<InterruptedAgent> = channel<InterruptedAgent>('weft.agent.interrupted');

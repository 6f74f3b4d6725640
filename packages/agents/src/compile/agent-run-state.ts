import type { WeftErrorJSON } from '@weft/graph';
import type { RecordedEvent } from '../history/recorded-event.ts';
import type { Message } from '../messages/message.ts';

/** A history lane: the events its agents see, and the RunPath it has reached. */
export interface Lane {
  events: RecordedEvent[];
  runPath: string[];
}

/** Per agent: where its current activation stands. */
export interface Activation {
  /** Activations so far (part of idempotency keys). */
  count: number;
  /** Model calls in the current activation. */
  iterations: number;
}

/**
 * The compiled graph's local state. Every change is an immer patch, so it is
 * in every checkpoint and a resumed run continues with exactly this.
 */
export interface AgentRunState {
  input: Message[];
  session: Record<string, unknown>;
  lanes: Record<string, Lane>;
  agents: Record<string, Activation>;
  /** Set when an agent's error ended the run. */
  failed?: WeftErrorJSON;
}

/** The graph's input: the run's messages and the session values to start with. */
export interface AgentGraphInput {
  messages: Message[];
  session: Record<string, unknown>;
}

export const MAIN_LANE = 'main';

export const initialRunState = (): AgentRunState => ({
  input: [],
  session: {},
  lanes: { [MAIN_LANE]: { events: [], runPath: [] } },
  agents: {},
});

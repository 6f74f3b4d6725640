import type { WeftErrorJSON } from '@weft/graph';
import type { Draft } from 'immer';
import type { RecordedEvent } from '../history/recorded-event.ts';
import type { Message } from '@weft/chat-model';

/**
 * A history lane: the events its agents see, and the RunPath it has reached.
 * A parallel child's lane is forked: it also sees its parent lane's first
 * `base` events (those before the fork), but not its siblings'.
 *
 * Events are kept in chunks of at most CHUNK: an append copies and diffs only
 * the last chunk, so its cost and its checkpoint patch do not grow with the
 * history (one flat array would be copied and compared whole on every update).
 */
export interface Lane {
  events: RecordedEvent[][];
  runPath: string[];
  parent?: string;
  base?: number;
  /**
   * Per agent of the lane, what its context policies recorded (a summary and
   * how many messages it covers), by key: it describes this lane's history,
   * so it lives and goes with the lane. Absent until a policy records.
   */
  context?: Record<string, Record<string, unknown>>;
}

/** Where a loop or parallel agent stands. */
export interface WorkflowProgress {
  /** Loop: completed iterations. Parallel: children that have ended. */
  count: number;
  /** Loop: the child that runs next. */
  index: number;
  /** Loop: a breakLoop was requested in this iteration. */
  broken: boolean;
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
  /** Where this run's input was recorded in the main lane's history (earlier runs of the thread come before it). */
  inputAt: number;
  session: Record<string, unknown>;
  lanes: Record<string, Lane>;
  agents: Record<string, Activation>;
  workflows: Record<string, WorkflowProgress>;
  /** Set when the graph runs as an agent tool. */
  call?: { id: string; name: string };
  /** Set when the graph runs as an agent tool: the calling agent's RunPath as the top-level run sees it (see AgentGraphInput). */
  callerRunPath?: string[];
  /**
   * The memory writes this branch of the thread made, by write id (a memory
   * tool call's idempotency key). In the checkpoint like the rest of the
   * state, so a fork from an earlier checkpoint, or a step that crashed
   * before its checkpoint, does not have them: thread-scoped recall keeps
   * only these.
   */
  memoryWrites?: Record<string, true>;
  /**
   * Per agent with input guardrails: the run (its `inputAt`) whose input they
   * passed, and its rewrite if one was made. A resumed step does not check again.
   */
  guardedInput?: Record<string, { at: number; input?: Message[] }>;
}

/** The graph's input: the run's messages and the session values to start with. */
export interface AgentGraphInput {
  messages: Message[];
  session: Record<string, unknown>;
  /** Set when the graph runs as an agent tool: the call it answers. */
  call?: { id: string; name: string };
  /**
   * Set when the graph runs as an agent tool: the calling agent's RunPath as
   * the top-level run sees it (every calling agent's, outermost first), the
   * prefix of this graph's forwarded events. It travels in the call's input
   * and then in this graph's state, so both sit in the checkpoint and a
   * resumed inner run forwards its events under the same prefix.
   */
  callerRunPath?: string[];
}

/** What an agent tool's graph ends with: the call, its result text, and the session values to hand back. */
export interface AgentToolResult {
  call: { id: string; name: string };
  text: string;
  session: Record<string, unknown>;
  /** The inner run failed: `text` says why, and the caller's model gets it as a tool error. */
  error?: WeftErrorJSON;
}

export const MAIN_LANE = 'main';

export const initialRunState = (): AgentRunState => ({
  input: [],
  inputAt: 0,
  session: {},
  lanes: { [MAIN_LANE]: { events: [], runPath: [] } },
  agents: {},
  workflows: {},
  memoryWrites: undefined,
});

export const CHUNK = 32;

/** Appends events to a lane (an immer draft). */
export function appendEvents(lane: Draft<Lane>, ...events: RecordedEvent[]): void {
  for (const event of events) {
    const last = lane.events[lane.events.length - 1];
    if (last && last.length < CHUNK) last.push(event as Draft<RecordedEvent>);
    else lane.events.push([event as Draft<RecordedEvent>]);
  }
}

/**
 * Records events in a lane through ctx.append (cheap, no drafting): into the
 * last chunk while it has room, then in new chunks. The lane is read once, so
 * the writes that follow reuse one copy of the state's path to it.
 */
export function recordEvents(
  ctx: { state: AgentRunState; append(path: readonly (string | number)[], ...values: unknown[]): void },
  laneId: string,
  ...events: RecordedEvent[]
): void {
  const chunks = ctx.state.lanes[laneId]!.events;
  let last = chunks.length - 1;
  let room = last >= 0 ? CHUNK - chunks[last]!.length : 0;
  let i = 0;
  while (i < events.length) {
    if (room > 0) {
      const take = events.slice(i, i + room);
      ctx.append(['lanes', laneId, 'events', last], ...take);
      i += take.length;
      room -= take.length;
    } else {
      const take = events.slice(i, i + CHUNK);
      ctx.append(['lanes', laneId, 'events'], take);
      i += take.length;
      last++;
      room = CHUNK - take.length;
    }
  }
}

/** A lane's own events, in order. */
export function laneEvents(lane: Lane): RecordedEvent[] {
  // A plain loop: Array.prototype.flat is several times slower, and this runs on every model call.
  const out: RecordedEvent[] = [];
  for (const chunk of lane.events) for (const event of chunk) out.push(event);
  return out;
}

/** How many events a lane holds, without flattening its chunks (O(chunks), not O(events)). */
export const laneEventCount = (lane: Lane): number => lane.events.reduce((n, chunk) => n + chunk.length, 0);

/** A lane's newest event. */
export const lastLaneEvent = (lane: Lane): RecordedEvent | undefined => lane.events.at(-1)?.at(-1);

/** The events visible in a lane: its parent's up to the fork, then its own. */
export function visibleEvents(state: AgentRunState, laneId: string): RecordedEvent[] {
  const lane = state.lanes[laneId];
  if (!lane) return [];
  const own = laneEvents(lane);
  const inherited = lane.parent === undefined ? [] : visibleEvents(state, lane.parent).slice(0, lane.base ?? 0);
  return inherited.length ? [...inherited, ...own] : own;
}

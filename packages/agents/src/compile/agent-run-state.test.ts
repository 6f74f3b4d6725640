import { describe, expect, it } from 'vitest';
import { assistantMessage } from '@weft/chat-model';
import type { RecordedEvent } from '../history/recorded-event.ts';
import {
  CHUNK,
  MAIN_LANE,
  initialRunState,
  laneEventCount,
  laneEvents,
  lastLaneEvent,
  recordEvents,
  type AgentRunState,
} from './agent-run-state.ts';

const event = (i: number): RecordedEvent => ({ agentName: 'A', runPath: ['A'], message: assistantMessage(`m${i}`) });

/** A ctx whose append works like the graph's: a new state, one logged call per append. */
function fakeCtx(state: AgentRunState) {
  const calls: { path: (string | number)[]; count: number }[] = [];
  const ctx = {
    state,
    append(path: readonly (string | number)[], ...values: unknown[]) {
      calls.push({ path: [...path], count: values.length });
      const lane = ctx.state.lanes[MAIN_LANE]!;
      const events =
        path.length === 4
          ? lane.events.map((c, i) => (i === path[3] ? [...c, ...(values as RecordedEvent[])] : c))
          : [...lane.events, ...(values as RecordedEvent[][])];
      ctx.state = { ...ctx.state, lanes: { ...ctx.state.lanes, [MAIN_LANE]: { ...lane, events } } };
    },
  };
  return { ctx, calls };
}

describe('recordEvents', () => {
  it('fills the last chunk, then starts new ones of CHUNK events, with one append per chunk touched', () => {
    const { ctx, calls } = fakeCtx(initialRunState());
    recordEvents(ctx, MAIN_LANE, ...Array.from({ length: CHUNK - 2 }, (_, i) => event(i)));
    recordEvents(ctx, MAIN_LANE, ...Array.from({ length: CHUNK + 7 }, (_, i) => event(CHUNK - 2 + i)));
    const lane = ctx.state.lanes[MAIN_LANE]!;
    expect(lane.events.map((c) => c.length)).toEqual([CHUNK, CHUNK, 5]);
    expect(laneEvents(lane).map((e) => e.message?.content)).toEqual(Array.from({ length: 2 * CHUNK + 5 }, (_, i) => `m${i}`));
    expect([laneEventCount(lane), lastLaneEvent(lane)?.message?.content]).toEqual([2 * CHUNK + 5, `m${2 * CHUNK + 4}`]);
    expect(calls).toEqual([
      { path: ['lanes', MAIN_LANE, 'events'], count: 1 },
      { path: ['lanes', MAIN_LANE, 'events', 0], count: 2 },
      { path: ['lanes', MAIN_LANE, 'events'], count: 1 },
      { path: ['lanes', MAIN_LANE, 'events'], count: 1 },
    ]);
  });
});

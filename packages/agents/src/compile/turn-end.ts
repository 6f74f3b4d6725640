import type { RecordedEvent } from '../history/recorded-event.ts';
import type { Lane } from './agent-run-state.ts';

/**
 * How a ReAct turn ends, decided from its tool results as the history
 * records them (in task order): a transfer (the first) hands over; else an
 * exit (the first) ends the agent and its workflows; else a return-directly
 * result (the first) ends the agent with it; else the model is called again.
 * `result` is the tool result that decides it (for `model`, the turn's first).
 */
export interface TurnEnd {
  kind: 'transfer' | 'exit' | 'returnDirectly' | 'model';
  result: RecordedEvent;
}

/**
 * The end of the turn whose results are `results` (one turn's, in order, not
 * empty). Every task of the turn routes by it, so they all agree, and the one
 * whose result decides it is the one that delivers.
 */
export function turnEnd(results: readonly RecordedEvent[]): TurnEnd {
  let exit: RecordedEvent | undefined;
  let direct: RecordedEvent | undefined;
  for (const r of results) {
    if (r.transfer) return { kind: 'transfer', result: r };
    if (r.ends === 'exit') exit ??= r;
    else if (r.ends === 'returnDirectly') direct ??= r;
  }
  if (exit) return { kind: 'exit', result: exit };
  if (direct) return { kind: 'returnDirectly', result: direct };
  return { kind: 'model', result: results[0]! };
}

/**
 * The results of `agentName`'s latest turn in `lane`: the tool messages it
 * recorded after its last assistant message. A lane has one agent running at
 * a time (a parallel child has a lane of its own), so they are the lane's
 * last events; at a turn's barrier, all of that turn's.
 */
export function lastTurn(lane: Lane, agentName: string): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  for (let c = lane.events.length - 1; c >= 0; c--) {
    const chunk = lane.events[c]!;
    for (let i = chunk.length - 1; i >= 0; i--) {
      const e = chunk[i]!;
      if (e.message.role !== 'tool' || e.agentName !== agentName) return out.reverse();
      out.push(e);
    }
  }
  return out.reverse();
}

import type { GraphEvent, InterruptRecord, WeftErrorJSON } from '@weft/graph';
import type { RunLog } from '../run-log/read-run-log.ts';
import { agentMessage, type AgentMessage } from './agent-message.ts';

type Patch = Extract<GraphEvent, { type: 'state.patch' }>['patches'][number];

/** What the viewer replays: the log's top-level steps, run after run, each with what happened in it. */
export interface Replay {
  runs: ReplayRun[];
  steps: ReplayStep[];
  /** Set when the log ends with a line cut short (see `RunLog.truncated`). */
  truncatedAtLine?: number;
}

export interface ReplayRun {
  /** 1 for the first run of the log, 2 for its first resume, … */
  run: number;
  /** The IR hash of the graph this run ran (from its header). */
  graphHash: string;
  ts: number;
  resumedFrom?: string;
  /** How the run ended; absent when its log stops before `run.end`. */
  status?: string;
}

export interface ReplayStep {
  run: number;
  /** The top-level step number: the step being run (a resume continues the numbering of the run it resumes). */
  step: number;
  /**
   * The steps completed at its end: what a checkpoint written there records as
   * its `step` (`weft history`, the Studio: `seq S, step N`). It is `step` once
   * the step ended, one less for a step that stopped (an interrupt, an error)
   * before it completed, and `step` for a run's start, where no step ran.
   */
  completed: number;
  /** Nodes that started in this step, subgraph nodes included: `[...path, node].join('/')`, the VizNode ids. */
  active: string[];
  messages: AgentMessage[];
  patches: { path: string; patches: Patch[] }[];
  checkpoints: { checkpointId: string; seq: number; bytes: number; snapshot: boolean }[];
  interrupts: InterruptRecord[];
  errors: { node: string | undefined; error: WeftErrorJSON }[];
}

/**
 * Cuts a run log into steps. A step is a top-level step of one run: events
 * with an empty `path` carry it, and a subgraph's events (whose `step` counts
 * the subgraph's own steps) belong to the top-level step they happen in. The
 * events before a run's first step (its `run.start` and first checkpoint) form
 * a step of their own, so a resume shows where it picked up.
 */
export function buildReplay(log: RunLog): Replay {
  const runs: ReplayRun[] = [];
  const steps: ReplayStep[] = [];
  log.runs.forEach(({ header, events }, i) => {
    const run: ReplayRun = { run: i + 1, graphHash: header.graph.hash, ts: header.ts };
    runs.push(run);
    let current: ReplayStep | undefined;
    for (const event of events) {
      if (!current || (event.path.length === 0 && event.step !== current.step)) {
        current = emptyStep(run.run, event.step);
        steps.push(current);
      }
      addEvent(current, run, event);
    }
  });
  const replay: Replay = { runs, steps };
  if (log.truncated) replay.truncatedAtLine = log.truncated.line;
  return replay;
}

function addEvent(step: ReplayStep, run: ReplayRun, event: GraphEvent): void {
  const id = (node: string) => [...event.path, node].join('/');
  switch (event.type) {
    case 'node.start':
      if (!step.active.includes(id(event.node))) step.active.push(id(event.node));
      return;
    case 'node.custom': {
      const message = agentMessage(id(event.node), event);
      if (message) step.messages.push(message);
      return;
    }
    case 'state.patch':
      step.patches.push({ path: event.path.join('/'), patches: event.patches });
      return;
    case 'checkpoint.write':
      step.checkpoints.push({ checkpointId: event.checkpointId, seq: event.seq, bytes: event.bytes, snapshot: event.snapshot });
      return;
    case 'interrupt':
      step.interrupts.push(...event.interrupts);
      return;
    case 'error':
      step.errors.push({ node: event.node === undefined ? undefined : id(event.node), error: event.error });
      return;
    case 'step.start':
      if (event.path.length === 0) step.completed = event.step - 1;
      return;
    case 'step.end':
      if (event.path.length === 0) step.completed = event.step;
      return;
    case 'run.start':
      if (event.path.length === 0 && event.resumedFrom) run.resumedFrom = event.resumedFrom;
      return;
    case 'run.end':
      if (event.path.length === 0) run.status = event.status;
      return;
    default:
      // Chunks, retries and node ends add nothing the panels show.
      return;
  }
}

function emptyStep(run: number, step: number): ReplayStep {
  return { run, step, completed: step, active: [], messages: [], patches: [], checkpoints: [], interrupts: [], errors: [] };
}

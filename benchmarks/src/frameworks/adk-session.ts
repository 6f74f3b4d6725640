/**
 * Shared ADK plumbing: one InMemoryRunner per (shape, variant), one fresh
 * session per run. ADK persists every event a node yields into the session
 * (that log is what a Workflow rehydrates from on resume), so the session is
 * ADK's checkpoint store whether or not we ask for one.
 */
import { InMemoryRunner, LogLevel, createResumabilityConfig, setLogLevel } from '@google/adk';
import type { Event, RunnableRoot } from '@google/adk';
import type { Run } from '../harness/types.ts';

// Workflow is marked experimental and the workflow agents are deprecated in
// 2.x; their one-time warnings would otherwise land in the middle of the table.
setLogLevel(LogLevel.ERROR);

const APP = 'weft-bench';
const USER = 'bench';

export interface SessionRunOptions {
  /** Opt in to ADK's resumability (the closest thing to "enable checkpoints"). */
  resumable?: boolean;
  /** Text of the user message; a Workflow receives it as the first node's input. */
  input?: string;
  /**
   * Report the session's stored size. ADK stores the same way in every shape;
   * it is only reported for the checkpoint shape so that column stays about
   * checkpointing.
   */
  reportBytes?: boolean;
  /** Validates what the run produced; gets every event the runner yielded. */
  verify: (events: readonly Event[]) => void;
}

export function sessionRun(root: RunnableRoot, { resumable = false, reportBytes = false, input = '0', verify }: SessionRunOptions): Run {
  const runner = new InMemoryRunner({
    agent: root,
    appName: APP,
    ...(resumable ? { resumabilityConfig: createResumabilityConfig({ isResumable: true }) } : {}),
  });
  const sessions = runner.sessionService;
  let sessionId = '';

  const run: Run = async () => {
    // Creating the session is part of starting a run in ADK (there is no
    // implicit thread as in LangGraph), so it stays inside the timed region.
    sessionId = (await sessions.createSession({ appName: APP, userId: USER })).id;
    const events: Event[] = [];
    const newMessage = { role: 'user', parts: [{ text: input }] };
    for await (const ev of runner.runAsync({ userId: USER, sessionId, newMessage })) events.push(ev);
    // An LlmAgent turns a model's exception into an error event, and a
    // SequentialAgent then runs the next agent: such a run failed.
    const failed = events.find((ev) => ev.errorCode !== undefined || ev.errorMessage !== undefined);
    if (failed) throw new Error(`${failed.author ?? 'adk'}: ${failed.errorMessage ?? failed.errorCode ?? ''}`);
    verify(events);
  };
  // Deleting clones the whole session first, so do it outside the timed region.
  run.reset = async () => {
    if (sessionId) await sessions.deleteSession({ appName: APP, userId: USER, sessionId });
  };
  // ADK keeps events as live objects in memory; JSON is how the persistent
  // session services serialize them, so it is the fair "bytes stored" figure.
  if (reportBytes) {
    run.storedBytes = async () => {
      const session = await sessions.getSession({ appName: APP, userId: USER, sessionId });
      return session ? Buffer.byteLength(JSON.stringify(session.events), 'utf8') : 0;
    };
  }
  return run;
}

/** The last structured output any event carried (a Workflow's final answer). */
export function lastOutput(events: readonly Event[]): unknown {
  for (let i = events.length - 1; i >= 0; i--) {
    const out = events[i]?.output;
    if (out !== undefined) return out;
  }
  return undefined;
}

/** Final value of a session state key as the events wrote it (the runner applies the same deltas to the session). */
export function finalState(events: readonly Event[], key: string): unknown {
  for (let i = events.length - 1; i >= 0; i--) {
    const delta = events[i]?.actions.stateDelta;
    if (delta && key in delta) return delta[key];
  }
  return undefined;
}

import type { ChatModel, Message } from '@weft/chat-model';
import type { AgentEvent } from '@weft/agents';
import type { GraphJSON } from '@weft/graph';
import type { EvalCase, ExpectedStatus } from '../define/eval-case.ts';
import type { GraphPath } from '../run/graph-path.ts';
import type { TrajectoryStep } from '../run/trajectory-step.ts';

/** An interrupt the case's run met, and the answer the case gave it (if any). */
export interface SeenInterrupt {
  id: string;
  address: string;
  info: unknown;
  /** Whether one of the case's `answers` resumed it. */
  answered: boolean;
  /** The resume value, when answered. */
  answer?: unknown;
}

/** What the case's runs spent. */
export interface CaseUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  modelCalls: number;
  steps: number;
  durationMs: number;
}

/**
 * What a scorer sees of one case: how its last run ended, the final output,
 * what the run did (trajectory, graph path, interrupts), what it cost, and
 * every agent event of every run of the case (its turns and resumes).
 */
export interface CaseRun {
  case: EvalCase;
  status: ExpectedStatus;
  /** An agent's final output (its answer's text, or the value its output schema parsed); a graph's output. Undefined unless done. */
  output: unknown;
  /** The agent's final message (agents only, when done). */
  finalMessage: Message | undefined;
  /** The error that ended the run, when it failed. */
  error: { code: string; message: string } | undefined;
  trajectory: TrajectoryStep[];
  path: GraphPath;
  interrupts: SeenInterrupt[];
  usage: CaseUsage;
  /** Every agent event of the case's runs, in order (empty for a graph target). */
  events: AgentEvent[];
  threadId: string;
  /** The last checkpoint of the case's thread. */
  checkpointId: string | undefined;
  /** The compiled graph the case ran on. */
  graph: GraphJSON;
}

/** A scorer's verdict on one case. */
export interface ScorerResult {
  /** 0 to 1. */
  score: number;
  pass: boolean;
  /** Why, in a sentence a person reads in the report. */
  reason: string;
  /** Anything structured worth keeping in the report (a judge's votes, a diff); plain JSON. */
  details?: unknown;
}

/** What a scorer may use besides the case: models bound to the case's cassette, and the run's abort signal. */
export interface ScorerContext {
  /**
   * `live` as this case uses it: answered from the case's cassette when
   * replaying, recorded when recording, itself when live. A scorer that
   * calls a model (a judge) goes through it, so it replays like the target.
   */
  model(live: ChatModel, options?: { name?: string }): ChatModel;
  signal: AbortSignal;
}

/** A scorer as a plain function: sync or async; `null` means "not applicable to this case" (it is left out of the means). */
export type ScorerFn = (run: CaseRun, context: ScorerContext) => ScorerResult | null | Promise<ScorerResult | null>;

/** A scorer: a function, or one with a name it reports under (the built-in scorers). */
export interface Scorer {
  readonly name: string;
  score: ScorerFn;
}

import type { GraphJSON } from '@weft/graph';
import type { SeenInterrupt, CaseUsage } from '../scorers/scorer.ts';
import type { GraphPath } from '../run/graph-path.ts';
import type { TrajectoryStep } from '../run/trajectory-step.ts';

/** The version of the report's JSON schema; a reader refuses others (INVALID_REPORT). */
export const EVAL_REPORT_VERSION = 1;

/** How a case ended: every scorer passed; one failed; it could not be scored (run or scorer error); it stopped at an interrupt it did not expect. */
export type CaseStatus = 'passed' | 'failed' | 'error' | 'interrupted';

/** One scorer's result on one case, as the report keeps it. */
export type ScorerOutcome =
  | { kind: 'scored'; score: number; pass: boolean; reason: string; details?: unknown }
  /** The scorer does not apply to this case (it returned null). */
  | { kind: 'skipped' }
  /** The scorer threw: the case is `error`. */
  | { kind: 'error'; message: string; code?: string };

/** pass@k and pass^k of a case run `k` times (`--repeat k`). */
export interface CaseRepeats {
  k: number;
  passes: number;
  /** The chance at least one of k tries passes (1 when any passed). */
  passAtK: number;
  /** The chance all k tries pass (1 only when every one passed). */
  passHatK: number;
  /** Each try's status, in order. */
  statuses: CaseStatus[];
}

/** One case in the report (with `--repeat k`: its first try, plus `repeats`). */
export interface CaseReport {
  id: string;
  tags: string[];
  status: CaseStatus;
  /** The mean of the case's scored results (0 when none). */
  score: number;
  scorers: Record<string, ScorerOutcome>;
  /** Why the case is `error` or `failed` before any scorer (a failed run, a cassette mismatch, an unmet expected status). */
  error?: { code: string; message: string };
  threadId: string;
  checkpointId: string | undefined;
  /** How the last run ended. */
  runStatus: 'done' | 'interrupted' | 'error';
  /** The final output, as JSON (text for an agent's plain answer). */
  output: unknown;
  trajectory: TrajectoryStep[];
  path: GraphPath;
  interrupts: SeenInterrupt[];
  usage: CaseUsage;
  durationMs: number;
  /** The run log of the case (graph events, JSONL) beside the report, when kept; the HTML report replays it. */
  runLog?: string;
  repeats?: CaseRepeats;
}

/** Covered and missed parts of the graph over the whole eval. */
export interface CoverageCount {
  covered: number;
  total: number;
  /** covered / total (1 for an empty set). */
  ratio: number;
  /** What no case reached, in graph order. */
  missed: string[];
}

export interface EvalCoverage {
  nodes: CoverageCount;
  edges: CoverageCount;
}

/** A threshold and whether the eval met it. */
export interface ThresholdResult {
  /** A scorer's name, or `score` for the mean case score, or `passRate`. */
  metric: string;
  min: number;
  actual: number;
  pass: boolean;
}

export interface EvalSummary {
  cases: number;
  passed: number;
  failed: number;
  errored: number;
  interrupted: number;
  /** passed / cases. */
  passRate: number;
  /** The mean score over cases. */
  score: number;
  /** Each scorer's mean score over the cases it scored. */
  meanScores: Record<string, number>;
  coverage: EvalCoverage;
  /** With `--repeat k`: the means of the cases' pass@k and pass^k. */
  passAtK?: number;
  passHatK?: number;
}

/** What `runEval` returns and `weft eval --json` prints: stable, versioned, plain JSON. */
export interface EvalReport {
  version: typeof EVAL_REPORT_VERSION;
  eval: string;
  /** The eval file, when run from one. */
  file?: string;
  /** The target's name. */
  target: string;
  /** How models answered: from cassettes, recorded into them, or live. */
  mode: 'replay' | 'record' | 'live';
  repeat: number;
  startedAt: string;
  durationMs: number;
  summary: EvalSummary;
  thresholds: ThresholdResult[];
  /** Every threshold met (true when there are none). */
  pass: boolean;
  cases: CaseReport[];
  /** The compiled graph the cases ran on (the HTML report draws it). */
  graph: GraphJSON;
}

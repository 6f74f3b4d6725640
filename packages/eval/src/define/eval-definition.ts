import type { Agent } from '@weft/agents';
import type { ChatModel } from '@weft/chat-model';
import type { AnyCompiledGraph } from '@weft/graph';
import type { Scorer, ScorerFn } from '../scorers/scorer.ts';
import type { EvalCase } from './eval-case.ts';

/** What an eval runs: an agent or a compiled graph, as `weft run` takes. */
export type EvalSubject = Agent | AnyCompiledGraph;

/**
 * What a target factory is given for one case: `model(live)` wraps a model
 * so the case answers from its cassette (replay, the default), records into
 * it (`--record`), or calls the model itself (`--live`).
 */
export interface EvalTargetContext {
  /** The case being run; undefined when the eval builds the target to check its definition. */
  caseId: string | undefined;
  model(live: ChatModel, options?: { name?: string }): ChatModel;
}

/**
 * The target: an agent or a compiled graph (its models are used as they
 * are), or a factory that builds it for each case from the models the case
 * should use — the way to get per-case cassettes.
 */
export type EvalTarget = EvalSubject | ((context: EvalTargetContext) => EvalSubject);

/** Minimum scores that decide whether the eval passes (and `weft eval`'s exit code). */
export interface EvalThresholds {
  /** The mean case score. */
  score?: number;
  /** The share of cases that passed. */
  passRate?: number;
  /** A scorer's mean score, by scorer name. */
  scorers?: Record<string, number>;
}

/** What `defineEval` takes. */
export interface EvalDefinitionInput {
  name: string;
  target: EvalTarget;
  cases: readonly EvalCase[];
  /** By name: built-in scorers, or plain functions (sync or async). */
  scorers: Record<string, Scorer | ScorerFn>;
  thresholds?: EvalThresholds;
  /** Session values every case starts with (a case's own override them). */
  sessionValues?: Record<string, unknown>;
  /** Answers every case uses for interrupts its own `answers` leave open. */
  answers?: Record<string, unknown>;
  /** Where the cases' cassettes live: one `<case id>.jsonl` each. Default: `<eval file's dir>/cassettes/<eval name>`, or `cassettes/<eval name>`. */
  cassettes?: string;
}

/** A checked eval, as `defineEval` returns it: what `runEval` and `weft eval` run. */
export interface EvalDefinition {
  readonly kind: 'weft.eval';
  readonly name: string;
  readonly target: EvalTarget;
  readonly cases: readonly EvalCase[];
  readonly scorers: readonly Scorer[];
  readonly thresholds: EvalThresholds;
  readonly sessionValues: Record<string, unknown>;
  readonly answers: Record<string, unknown>;
  readonly cassettes: string | undefined;
}

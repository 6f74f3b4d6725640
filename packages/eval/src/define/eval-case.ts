import type { Message } from '@weft/chat-model';
import type { ExpectedStep } from './expected-step.ts';

/** What a case gives its target: a query, a list of messages (agents), or the graph's input (graphs). */
export type CaseInput = string | Message[] | Record<string, unknown> | number | boolean | null;

/** What a case may spend; going past a limit fails the case's `cost` scorer, and `wallMs` also stops the run. */
export interface CaseBudget {
  /** Scheduler steps, over every run of the case. */
  steps?: number;
  /** Model tokens (input + output), as the models report them. */
  tokens?: number;
  /** Model calls. */
  modelCalls?: number;
  /** Wall time of the whole case, in milliseconds: the run is aborted past it. */
  wallMs?: number;
}

/** How a case's run should end. */
export type ExpectedStatus = 'done' | 'interrupted' | 'error';

/** An interrupt the case expects: its address (a glob, as in `answers`) and, optionally, part of its info. */
export interface ExpectedInterrupt {
  address: string;
  /** Every key given must equal the interrupt's info at that key (deep equality). */
  info?: Record<string, unknown>;
}

/** What a case expects; each scorer reads the part it checks, and skips a case without it. */
export interface CaseExpectation {
  /** The final output (an agent's final output, a graph's output) or final message text. */
  output?: unknown;
  /** The tool calls and transfers the run should make. */
  trajectory?: ExpectedStep[];
  /** The interrupts the run should meet. */
  interrupts?: ExpectedInterrupt[];
  /** How the last run ends; when given and not met the case fails. Default: `done`. */
  status?: ExpectedStatus;
}

/**
 * One case of an eval: a fresh thread, the input (or several `turns` on
 * that thread), the answers that resume its interrupts, and what is expected.
 *
 * @example
 * const refundApproved: EvalCase = {
 *   id: 'refund-approved',
 *   input: 'INV-1042 was charged twice, please refund it.',
 *   answers: { 'agent:Billing/tool:refund:*': { approved: true } },
 *   expected: { trajectory: [{ tool: 'lookup_invoice' }, { tool: 'refund', args: { invoice_id: 'INV-1042' } }] },
 *   tags: ['billing'],
 * };
 */
export interface EvalCase {
  /** Unique in the eval; names the case's thread, cassette and report row. */
  id: string;
  /** The first (or only) turn. A case has `input`, `turns`, or both (`input` first). */
  input?: CaseInput;
  /** Further user turns on the same thread, each after the previous one ended. */
  turns?: CaseInput[];
  /** Session values the case starts with, over the eval's. */
  sessionValues?: Record<string, unknown>;
  /**
   * Resume values for interrupts, by interrupt address with `*` globs
   * (`agent:Billing/tool:refund:*`); a pattern matches the whole address or
   * a suffix of it that starts at a `/`. The first matching pattern answers.
   * An interrupt nothing answers ends the case as `interrupted`.
   */
  answers?: Record<string, unknown>;
  expected?: CaseExpectation;
  budget?: CaseBudget;
  tags?: string[];
}

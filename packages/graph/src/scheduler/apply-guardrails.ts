import { retryableOf } from '@weft/common';
import { WeftError } from '../errors.ts';
import { isGraphInterrupt } from '../interrupt/graph-interrupt.ts';
import type { Guardrail, GuardrailContext, GuardrailEvent, GuardrailVerdict } from '../spec/guardrail.ts';

/** Where a list of guardrails runs, and where what they did is reported (never for a plain pass). */
export interface GuardrailRun extends GuardrailContext {
  report?: ((event: GuardrailEvent) => void) | undefined;
}

/**
 * Runs guardrails in order on a value: each sees what the one before let
 * through (a rewrite replaces the value for the next, and is reported with
 * the original and the replacement). A trip rejects with GUARDRAIL_TRIPPED
 * (details { guardrail, stage, reason }, not retryable: the same value trips
 * again); a check that throws or answers something that is not a verdict
 * rejects with GUARDRAIL_FAILED, unless the guardrail is `failOpen`, which
 * lets the value through and reports `failed-open`. A budget stop of the
 * check (BUDGET_EXCEEDED, or the interrupt of an `onExceeded: 'interrupt'`
 * budget) and any other interrupt pass through unchanged, even with failOpen.
 *
 * @example
 * const text = await applyGuardrails([noSecrets], answer, { stage: 'output', final: true, signal, report: console.log });
 */
export async function applyGuardrails<T>(list: readonly Guardrail<T>[], value: T, run: GuardrailRun): Promise<T> {
  const { report, ...ctx } = run;
  let current = value;
  for (const g of list) {
    let verdict: GuardrailVerdict<T>;
    try {
      verdict = await g.check(current, ctx);
      if (!isVerdict(verdict)) throw new TypeError(`the check returned ${describe(verdict)}, not { action: 'pass' | 'trip' | 'rewrite' }`);
    } catch (err) {
      if (ctx.signal.aborted || passesThrough(err)) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      if (g.failOpen) {
        report?.({ name: g.name, stage: ctx.stage, action: 'failed-open', reason });
        continue;
      }
      const details = { guardrail: g.name, stage: ctx.stage, reason };
      throw new WeftError('GUARDRAIL_FAILED', `guardrail "${g.name}" (${ctx.stage}) could not check: ${reason}`, {
        cause: err,
        details,
        retryable: retryableOf(err),
      });
    }
    if (verdict.action === 'pass') continue;
    if (verdict.action === 'trip') {
      report?.({ name: g.name, stage: ctx.stage, action: 'trip', reason: verdict.reason });
      throw guardrailTripped(g.name, ctx.stage, verdict.reason, verdict.details);
    }
    report?.({ name: g.name, stage: ctx.stage, action: 'rewrite', reason: verdict.reason, original: current, replacement: verdict.value });
    current = verdict.value;
  }
  return current;
}

/**
 * The error of a tripped guardrail (GUARDRAIL_TRIPPED, not retryable), for a
 * layer that decides a trip itself.
 *
 * @example
 * throw guardrailTripped('no-secrets', 'output', 'mentions a password');
 */
export function guardrailTripped(name: string, stage: string, reason: string, extra?: Record<string, unknown>): WeftError {
  return new WeftError('GUARDRAIL_TRIPPED', `guardrail "${name}" (${stage}) tripped: ${reason}`, {
    details: { ...extra, guardrail: name, stage, reason },
    retryable: false,
  });
}

/**
 * What a check throws that is not its failure: the run's budget refusing the
 * check's spending stops the run exactly as it stops the run's own model
 * call (a failOpen guardrail must not turn "the budget is spent" into "let
 * it through unchecked"), and an interrupt is control flow, as in any node
 * (the scheduler pauses the run and the check runs again on resume).
 * `code` rather than `instanceof`: a layer above rethrows the budget stop as
 * its own error with the same code.
 */
function passesThrough(err: unknown): boolean {
  return isGraphInterrupt(err) || (err instanceof Error && (err as { code?: unknown }).code === 'BUDGET_EXCEEDED');
}

function isVerdict(v: unknown): v is GuardrailVerdict<unknown> {
  if (v === null || typeof v !== 'object') return false;
  const { action, reason } = v as { action?: unknown; reason?: unknown };
  if (action === 'pass') return true;
  if (action === 'trip') return typeof reason === 'string';
  return action === 'rewrite' && 'value' in v;
}

function describe(v: unknown): string {
  if (v === undefined || v === null) return String(v);
  return typeof v === 'object' ? JSON.stringify(v).slice(0, 80) : `a ${typeof v}`;
}

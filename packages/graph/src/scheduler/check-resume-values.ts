import type { CheckpointRecord } from '@weft/checkpoint';
import type { ExecutionPlan, PlanNode } from '../compiler/execution-plan.ts';
import { checkResumeValue } from '../interrupt/check-resume-value.ts';
import { resumeSchemaFor } from '../interrupt/resume-schemas.ts';

/**
 * Refuses, before anything is written or run, a resume value its
 * interrupt's schema rejects (RESUME_INVALID), for every interrupt whose
 * schema this process has seen (see resume-schemas.ts). The others are
 * checked by `interrupt()` when their node runs again. Only new values are
 * checked: those a checkpoint carries were given to an earlier resume.
 */
export function checkResumeValues(plan: ExecutionPlan, record: CheckpointRecord, given: Record<string, unknown>): void {
  for (const [id, value] of Object.entries(given)) {
    const pending = record.interrupts.find((i) => i.id === id);
    const site = pending && siteOf(plan, pending.path);
    const schema = site && resumeSchemaFor(site, pending.address, id);
    if (!schema) continue;
    const checked = checkResumeValue(schema, id, value);
    if (!checked.ok) throw checked.error;
  }
}

/** The compiled node an interrupt was raised in: its path names the subgraph nodes leading to it, then the node. */
function siteOf(plan: ExecutionPlan, path: readonly string[]): PlanNode | undefined {
  let graph: ExecutionPlan | undefined = plan;
  let node: PlanNode | undefined;
  for (const name of path) {
    node = graph?.byName.get(name);
    if (!node || node.index < 0) return undefined;
    graph = node.sub;
  }
  return node;
}

import type { ErrorObject } from 'ajv/dist/jtd.js';
import type { CheckpointRecord } from './checkpoint-record.ts';
import { checkRecordShape } from './check-record-shape.js';
import { patchPathProblem } from './patch-path-problem.ts';

/**
 * Why a decoded record does not have the shape the writer gives it, or
 * undefined. The values inside (state, inputs, outputs) are any plain data;
 * the fields around them must be exactly what the engine writes. `embedded`:
 * a subgraph's record inside a frontier task, which has seq 0.
 *
 * The JTD schema (checkpoint-record-schema.ts, compiled by ajv) replaced a
 * hand-written check on the figures: median ns per check on records real runs
 * wrote, hand-written → ajv validator → this function (ajv + what JTD cannot
 * say): chain snapshot 99 → 38 → 47, chain delta 132 → 53 → 78, 50-message
 * history snapshot 98 → 38 → 47, history delta 134 → 53 → 79; a 1,000-wide
 * send() map (999 pending results) 51,600 → 27,347 → 65,952, the one record
 * where the loops below make the whole check slower (1.10–1.28× over three runs).
 * `node --conditions=@weft/source --import tsx benchmarks/src/record-shape.ts`,
 * 2026-11-26, Node 20.20.2, 2-core VM; benchmarks/README.md. The validator is
 * ajv's standalone code for the schema, generated ahead of time
 * (check-record-shape.js): compiling it in the process cost the first decode
 * about 30 ms to load ajv and 9 ms to compile, most of a cold process's first
 * interrupt + resume cycle (32.7 ms).
 */
export function recordShapeProblem(r: unknown, embedded = false): string | undefined {
  if (!checkRecordShape(r)) return schemaProblem(checkRecordShape.errors);
  return beyondSchema(r as unknown as CheckpointRecord, embedded);
}

/** The old wording for the first error: the field it is in, by name. */
function schemaProblem(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  const missing = (error?.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  const [field, ...inside] = (error?.instancePath ?? '').split('/').slice(1);
  const key = field ?? (typeof missing === 'string' ? missing : undefined);
  switch (key) {
    case undefined:
      return 'body is not a record';
    case 'graph':
    case 'hash':
    case 'threadId':
    case 'id':
      return `field ${key} is not a string`;
    case 'status':
      return 'field status is not running, interrupted, done or error';
    case 'source':
      return 'field source is not input, step, resume or fork';
    case 'seq':
      return 'field seq is not a positive integer';
    case 'step':
      return 'field step is not a non-negative integer';
    case 'createdAt':
      return 'field createdAt is not a finite number';
    case 'state':
      return inside[0] === 'patches' && inside.length > 1
        ? 'field state holds a patch that is not an add, replace or remove'
        : 'field state is invalid';
    case 'frontier':
      return 'a frontier task is invalid';
    case 'joins':
      return 'a join buffer is invalid';
    case 'skips':
      return 'a skip entry is invalid';
    case 'pending':
      return 'a pending result is invalid';
    case 'interrupts':
      return 'an interrupt is invalid';
    default:
      return `field ${key} is invalid`;
  }
}

/** What JTD has no words for, on a record the schema accepted. Plain loops: this runs on every decode. */
function beyondSchema(r: CheckpointRecord, embedded: boolean): string | undefined {
  if (r.seq < (embedded ? 0 : 1)) return 'field seq is not a positive integer';
  if (!Number.isFinite(r.createdAt)) return 'field createdAt is not a finite number';
  const state = r.state as { full?: unknown; patches?: CheckpointRecord['pending'][number]['patches'] };
  if (!('full' in state)) {
    if (state.patches === undefined) return 'field state is invalid';
    const problem = patchKeysProblem(state.patches);
    if (problem) return `field state holds a patch that ${problem}`;
  }
  for (let i = 0; i < r.frontier.length; i++) {
    const sub = r.frontier[i]!.sub;
    if (sub && beyondSchema(sub, true)) return 'a frontier task is invalid';
  }
  for (let i = 0; i < r.joins.length; i++) if (!allPairs(r.joins[i]!.delivered)) return 'a join buffer is invalid';
  for (let i = 0; i < r.skips.length; i++) {
    // ajv's JTD `elements: { elements: {} }` lets a non-array item through (ajv 8.20: `[0]` passes), so each is checked here.
    const entry: unknown = r.skips[i];
    if (!Array.isArray(entry) || entry.length !== 2) return 'a skip entry is invalid';
    const [node, preds] = entry as [unknown, unknown];
    if (typeof node !== 'string' || !Array.isArray(preds) || !allStrings(preds)) return 'a skip entry is invalid';
  }
  for (let i = 0; i < r.pending.length; i++) if (patchKeysProblem(r.pending[i]!.patches)) return 'a pending result is invalid';
  if (r.resumeValues && !allPairs(r.resumeValues)) return 'field resumeValues is invalid';
  if (r.usage && !allAmounts(r.usage, 0)) return 'field usage is invalid';
  if (r.budget && !allAmounts(r.budget, Number.MIN_VALUE)) return 'field budget is invalid';
  return undefined;
}

/**
 * Usage amounts and budget limits: finite numbers from `min` up to 2^53 (above
 * it a count can no longer go up by one). JTD's float64 lets NaN and the infinities through.
 */
function allAmounts(o: object, min: number): boolean {
  for (const key in o) {
    const v = (o as Record<string, unknown>)[key];
    if (typeof v === 'number' && !(v >= min && v <= Number.MAX_SAFE_INTEGER)) return false;
  }
  return true;
}

/** Keys that lead to a prototype and overlong paths are refused here, naming the checkpoint; list bounds need the state (applyPatchList). */
function patchKeysProblem(patches: readonly { path: readonly unknown[] }[]): string | undefined {
  for (let i = 0; i < patches.length; i++) {
    const problem = patchPathProblem(patches[i]!.path);
    if (problem) return problem;
  }
  return undefined;
}

function allStrings(xs: readonly unknown[]): boolean {
  for (let i = 0; i < xs.length; i++) if (typeof xs[i] !== 'string') return false;
  return true;
}

function allPairs(xs: readonly unknown[]): boolean {
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i];
    if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== 'string') return false;
  }
  return true;
}

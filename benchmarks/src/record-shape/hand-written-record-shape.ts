/**
 * @weft/graph's checkpoint shape check as it was written by hand until
 * 2026-11-26, kept so the benchmark (../record-shape.ts) can compare it with
 * the ajv JTD validator that replaced it (packages/checkpoint/src/record/record-shape-problem.ts).
 */
import { pathKeyProblem } from '../../../packages/checkpoint/src/record/path-key-problem.ts';
import type { CheckpointSource, CheckpointStatus } from '@weft/graph';

/**
 * Why a decoded record does not have the shape the writer gives it, or
 * undefined. The values inside (state, inputs, outputs) are any plain data;
 * the fields around them must be exactly what the engine writes. `embedded`:
 * a subgraph's record inside a frontier task, which has seq 0.
 */
export function handWrittenRecordShapeProblem(r: unknown, embedded = false): string | undefined {
  if (!isObject(r)) return 'body is not a record';
  for (const key of ['graph', 'hash', 'threadId', 'id'] as const) {
    if (typeof r[key] !== 'string') return `field ${key} is not a string`;
  }
  if (!STATUSES.has(r['status'])) return 'field status is not running, interrupted, done or error';
  if (!SOURCES.has(r['source'])) return 'field source is not input, step, resume or fork';
  if (!Number.isSafeInteger(r['seq']) || (r['seq'] as number) < (embedded ? 0 : 1)) return 'field seq is not a positive integer';
  if (!Number.isSafeInteger(r['step']) || (r['step'] as number) < 0) return 'field step is not a non-negative integer';
  if (typeof r['createdAt'] !== 'number' || !Number.isFinite(r['createdAt'])) return 'field createdAt is not a finite number';
  if (r['parentId'] !== null && typeof r['parentId'] !== 'string') return 'field parentId is invalid';
  const state = r['state'];
  if (!isObject(state)) return 'field state is invalid';
  if (!('full' in state)) {
    const problem = patchesProblem(state['patches']);
    if (problem) return `field state ${problem}`;
  }
  if (!isObject(r['context'])) return 'field context is invalid';
  if (!isList(r['frontier'], isTask)) return 'a frontier task is invalid';
  if (
    !isList(
      r['joins'],
      (j) => isObject(j) && typeof j['node'] === 'string' && isList(j['delivered'], isPair) && isList(j['skipped'], isString),
    )
  ) {
    return 'a join buffer is invalid';
  }
  if (!isList(r['skips'], (k) => Array.isArray(k) && typeof k[0] === 'string' && isList(k[1], isString))) return 'a skip entry is invalid';
  if (
    !isList(
      r['pending'],
      (p) =>
        isObject(p) &&
        typeof p['node'] === 'string' &&
        (p['key'] === undefined || typeof p['key'] === 'string') &&
        patchesProblem(p['patches']) === undefined,
    )
  )
    return 'a pending result is invalid';
  if (!isList(r['interrupts'], isInterrupt)) return 'an interrupt is invalid';
  if (r['resumeValues'] !== undefined && !isList(r['resumeValues'], isPair)) return 'field resumeValues is invalid';
  return undefined;
}

const STATUSES = new Set<unknown>(['running', 'interrupted', 'done', 'error'] satisfies CheckpointStatus[]);
const SOURCES = new Set<unknown>(['input', 'step', 'resume', 'fork'] satisfies CheckpointSource[]);
const PATCH_OPS = new Set<unknown>(['add', 'replace', 'remove'] satisfies ('add' | 'replace' | 'remove')[]);

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isList = (v: unknown, item: (x: unknown) => boolean): boolean => Array.isArray(v) && v.every(item);
const isPair = (v: unknown) => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string';
/** Keys that lead to a prototype are refused here, naming the checkpoint; list bounds need the state (applyPatchList). */
function patchesProblem(patches: unknown): string | undefined {
  if (!Array.isArray(patches)) return 'is invalid';
  for (const p of patches) {
    if (!isObject(p) || !PATCH_OPS.has(p['op']) || !Array.isArray(p['path'])) return 'holds a patch that is not an add, replace or remove';
    const problem = pathKeyProblem(p['path']);
    if (problem) return `holds a patch that ${problem}`;
  }
  return undefined;
}
const isInterrupt = (i: unknown) =>
  isObject(i) && typeof i['id'] === 'string' && typeof i['address'] === 'string' && isList(i['path'], isString);
function isTask(t: unknown): boolean {
  if (!isObject(t) || typeof t['node'] !== 'string') return false;
  if (t['resume'] !== undefined && !Array.isArray(t['resume'])) return false;
  if (t['key'] !== undefined && typeof t['key'] !== 'string') return false;
  return t['sub'] === undefined || handWrittenRecordShapeProblem(t['sub'], true) === undefined;
}

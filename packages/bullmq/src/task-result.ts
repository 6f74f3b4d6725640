import type { TaskResult } from '@weft/graph';
import { QueueError } from './errors.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const NODE_EVENTS = new Set(['node.start', 'node.chunk', 'node.custom', 'node.retry', 'node.end']);
const PATCH_OPS = new Set(['add', 'replace', 'remove']);

/**
 * A task's result as read back from Redis, checked before the run applies it:
 * a result that is not one a worker wrote (a wrong kind, a patch that is not
 * an immer patch, an event that is not a node event) is refused instead of
 * changing the thread's state.
 */
export function parseTaskResult(value: unknown, where: string): TaskResult {
  const problem = resultProblem(value);
  if (problem) throw new QueueError('QUEUE_TASK_FAILED', `${where} is not a task result: ${problem}`, { details: { where } });
  return value as TaskResult;
}

function resultProblem(r: unknown): string | undefined {
  if (!isRecord(r)) return 'not an object';
  if (!Array.isArray(r['events']) || !r['events'].every((e) => isRecord(e) && NODE_EVENTS.has(e['type'] as string)))
    return 'events must be node events';
  switch (r['kind']) {
    case 'done':
      if (!Array.isArray(r['patches'])) return 'patches must be a list';
      for (const p of r['patches'] as unknown[]) {
        if (!isRecord(p) || !PATCH_OPS.has(p['op'] as string)) return 'a patch has no add/replace/remove op';
        if (!Array.isArray(p['path']) || !p['path'].every((k) => typeof k === 'string' || typeof k === 'number'))
          return 'a patch path must list keys and indexes';
      }
      return undefined;
    case 'interrupted':
      if (!Array.isArray(r['resume'])) return 'resume must be a list';
      if (
        !Array.isArray(r['interrupts']) ||
        r['interrupts'].length === 0 ||
        !r['interrupts'].every(
          (i) => isRecord(i) && typeof i['id'] === 'string' && typeof i['address'] === 'string' && Array.isArray(i['path']),
        )
      )
        return 'interrupts must be a non-empty list of interrupt records';
      return r['refused'] === undefined || errorProblem(r['refused']) === undefined ? undefined : 'refused must be an error';
    case 'error':
      if (typeof r['branch'] !== 'boolean') return 'branch must be a boolean';
      if (r['resume'] !== undefined && !Array.isArray(r['resume'])) return 'resume must be a list';
      return errorProblem(r['error']);
    default:
      return `unknown kind ${JSON.stringify(r['kind'])}`;
  }
}

function errorProblem(e: unknown): string | undefined {
  return isRecord(e) && typeof e['code'] === 'string' && typeof e['message'] === 'string' && typeof e['name'] === 'string'
    ? undefined
    : 'error must have a name, code and message';
}

import { randomUUID } from 'node:crypto';
import { checkThreadId } from '@weft/graph';
import { StudioError } from '../errors.ts';

/** The thread a path names: `new` makes a fresh id; anything else must be a valid thread id. */
export function threadIdOf(param: string, allowNew: boolean): string {
  if (param === 'new') {
    if (allowNew) return `thread-${randomUUID().slice(0, 8)}`;
    throw new StudioError('BAD_REQUEST', '"new" names a thread to create: only POST /api/threads/new/runs takes it');
  }
  try {
    checkThreadId(param, 'the path');
  } catch (err) {
    throw new StudioError('BAD_REQUEST', (err as Error).message);
  }
  return param;
}

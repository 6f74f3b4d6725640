import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';

/** With the u flag, only an unpaired surrogate is a code point of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Refuses a thread id every store could not keep as it is: not a non-empty
 * string, a NUL character (PostgreSQL's text cannot hold it), or a lone UTF-16
 * surrogate (it would come back as U+FFFD and no longer name its thread).
 */
export function checkThreadId(threadId: unknown, where: string): asserts threadId is string {
  let why: string | undefined;
  if (typeof threadId !== 'string' || threadId === '') why = 'must be a non-empty string';
  else if (threadId.includes('\0')) why = 'must not contain a NUL character';
  else if (LONE_SURROGATE.test(threadId)) why = 'must be well-formed Unicode text (it has a lone surrogate)';
  if (why)
    throw new WeftError<CheckpointErrorCode>('INVALID_ARGUMENT', `${where}: threadId ${why}`, { details: { threadId: String(threadId) } });
}

import { AgentError } from '../errors.ts';

// A Runner's checkpoint id names both the thread and the graph checkpoint, so resume() needs only it.
const SEP = '::';

export const checkpointHandle = (threadId: string, checkpointId: string): string => `${threadId}${SEP}${checkpointId}`;

export function parseCheckpointHandle(handle: string): { threadId: string; checkpointId: string } {
  const at = typeof handle === 'string' ? handle.lastIndexOf(SEP) : -1;
  if (at <= 0 || at + SEP.length >= handle.length) {
    throw new AgentError(
      'INVALID_ARGUMENT',
      `resume() takes the checkpointId a Runner run returned ("<thread>::<checkpoint>"), got ${JSON.stringify(handle)}`,
    );
  }
  return { threadId: handle.slice(0, at), checkpointId: handle.slice(at + SEP.length) };
}

import type { StatePatch } from '../record/state-patch.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import type { ValuePath } from './unserializable.ts';
import { patchPathProblem } from '../record/patch-path-problem.ts';

/**
 * A patch in the record that loading would refuse for its path (see
 * patchPathProblem), and where it sits. immer records `draft.counts.constructor
 * = 1` as such a patch; written as it is, the checkpoint could never be
 * loaded. Allocates nothing unless it finds one (it runs on every write).
 */
export function findUnloadablePatch(record: CheckpointRecord, at: ValuePath = []): { what: string; path: ValuePath } | undefined {
  if ('patches' in record.state) {
    const found = badPatch(record.state.patches);
    if (found) return { what: found.what, path: [...at, 'state', 'patches', found.index, 'value'] };
  }
  for (let i = 0; i < record.pending.length; i++) {
    const found = badPatch(record.pending[i]!.patches);
    if (found) return { what: found.what, path: [...at, 'pending', i, 'patches', found.index] };
  }
  for (let i = 0; i < record.frontier.length; i++) {
    const sub = record.frontier[i]!.sub;
    const found = sub && findUnloadablePatch(sub, [...at, 'frontier', i, 'sub']);
    if (found) return found;
  }
  return undefined;
}

function badPatch(patches: readonly StatePatch[]): { what: string; index: number } | undefined {
  for (let index = 0; index < patches.length; index++) {
    const problem = patchPathProblem(patches[index]!.path);
    if (problem) return { what: `a state patch that ${problem}`, index };
  }
  return undefined;
}

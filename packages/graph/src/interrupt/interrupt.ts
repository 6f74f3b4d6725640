import { WeftError } from '../errors.ts';
import { GraphInterrupt } from './graph-interrupt.ts';
import { nodeScope } from './node-scope.ts';

/**
 * Stops the current node and the run (after the step's other nodes finish),
 * reporting `info`. When the run is resumed with a value for this interrupt,
 * the node runs again from its start and this call returns that value; earlier
 * `interrupt()` calls in the node return their earlier values.
 */
export function interrupt<R = unknown>(info?: unknown): R {
  const scope = nodeScope.getStore();
  if (!scope) {
    throw new WeftError(
      'INTERRUPT_OUTSIDE_NODE',
      'interrupt() was called outside a running graph node; call it from a node, a tool or an agent',
    );
  }
  const index = scope.calls++;
  if (index < scope.resume.length) return scope.resume[index] as R;
  throw new GraphInterrupt([{ id: `${scope.address}#${index}`, address: scope.address, path: [...scope.parentPath, scope.node], info }]);
}

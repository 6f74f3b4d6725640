import { randomBytes } from 'node:crypto';
import type { CheckpointStore } from '@weft/graph';

/** A short, fresh thread id (easy to type in `weft resume`), checked against the store. */
export async function newThreadId(store: CheckpointStore): Promise<string> {
  for (;;) {
    const id = `t-${randomBytes(4).toString('hex')}`;
    if (!(await store.get(id))) return id;
  }
}

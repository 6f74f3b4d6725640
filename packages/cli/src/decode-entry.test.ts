import { END, MemoryStore, START, graph } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { decodeEntry } from './decode-entry.ts';

describe('decodeEntry', () => {
  it('reads a stored checkpoint, and refuses one whose record disagrees with how the store lists it', async () => {
    const store = new MemoryStore();
    const g = graph<number, number>({ name: 'inc' })
      .addNode('inc', (n: number) => n + 1)
      .addEdge(START, 'inc')
      .addEdge('inc', END)
      .compile({ store });
    await g.run(1, { threadId: 't' });
    const [newest, older] = await store.list('t');
    const read = decodeEntry(newest!);
    expect('record' in read && [read.record.id, read.record.seq, read.record.status]).toEqual([newest!.id, newest!.seq, 'done']);

    // An older row served under the newest seq (an index that lost rows), and a row holding another checkpoint.
    const rolledBack = decodeEntry({ ...newest!, bytes: older!.bytes, id: older!.id });
    expect('failure' in rolledBack && [rolledBack.failure.code, rolledBack.failure.message]).toEqual([
      'CHECKPOINT_CORRUPT',
      expect.stringContaining(`is stored with seq ${newest!.seq} but its record has seq ${older!.seq}`),
    ]);
    const swapped = decodeEntry({ ...newest!, bytes: older!.bytes });
    expect('failure' in swapped && swapped.failure.code).toBe('CHECKPOINT_CORRUPT');
  });
});

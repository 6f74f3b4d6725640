import { describe, expect, it } from 'vitest';
import type { JournalLine } from '../fixtures/journal-line.ts';
import { checkJournal } from './check-journal.ts';

// The distributed tests are only as strict as this checker: it must catch every violation it claims to.
const steps = [
  { node: 'fetch', step: 1 },
  { node: 'tool', step: 2 },
];
const key = (node: string, step: number) => `t/${node}/${step}`;
const line = (ev: JournalLine['ev'], node: string, step: number, pid: number, t: number, k = key(node, step)): JournalLine => ({
  ev,
  threadId: 't',
  node,
  step,
  key: k,
  pid,
  t,
});
/** A clean run of both steps by `pid` from `t`. */
const clean = (pid: number, t: number): JournalLine[] => [
  line('start', 'fetch', 1, pid, t),
  line('end', 'fetch', 1, pid, t + 5),
  line('start', 'tool', 2, pid, t + 10),
  line('effect', 'tool', 2, pid, t + 12),
  line('end', 'tool', 2, pid, t + 15),
];
const check = (lines: JournalLine[], killed: [number, number][] = []) =>
  checkJournal(lines, { threads: ['t'], steps, effectNode: 'tool', killed: new Map(killed) });

describe('checkJournal', () => {
  it('passes a clean run, and a step cut by a kill then repeated elsewhere with the same key', () => {
    expect(check(clean(1, 0))).toEqual({ problems: [], executions: 2, repeats: 0, duplicateEffects: 0, killsInFlight: 0 });
    const cut = [
      line('start', 'fetch', 1, 1, 0),
      line('end', 'fetch', 1, 1, 5),
      line('start', 'tool', 2, 1, 10),
      line('effect', 'tool', 2, 1, 12),
    ];
    const rest = [line('start', 'tool', 2, 2, 3000), line('effect', 'tool', 2, 2, 3002), line('end', 'tool', 2, 2, 3005)];
    expect(check([...cut, ...rest], [[1, 13]])).toEqual({ problems: [], executions: 3, repeats: 1, duplicateEffects: 1, killsInFlight: 1 });
  });

  it('reports a lost thread, a missing or extra step, and a step that never finished', () => {
    expect(check([]).problems).toEqual(['t: no step ran (thread lost)']);
    expect(check(clean(1, 0).slice(0, 2)).problems).toEqual(['t: steps fetch@1; expected fetch@1, tool@2']);
    expect(check([...clean(1, 0), line('start', 'fetch', 3, 1, 20), line('end', 'fetch', 3, 1, 21)]).problems).toEqual([
      't: steps fetch@1, tool@2, fetch@3; expected fetch@1, tool@2',
    ]);
    expect(check(clean(1, 0).slice(0, 4), [[1, 100]]).problems).toEqual(['t: tool@2 never finished']);
  });

  it('reports a repeat no kill explains: a live process, or a killed one that had moved on', () => {
    expect(check([...clean(1, 0), ...clean(2, 100).slice(2)]).problems).toEqual([
      't: tool@2 ran again after pid 1 ran it, though no kill cut it short',
    ]);
    // pid 1 finished fetch and started tool before it was killed: fetch had reached its checkpoint.
    const moved = [line('start', 'fetch', 1, 1, 0), line('end', 'fetch', 1, 1, 5), line('start', 'tool', 2, 1, 10)];
    expect(check([...moved, ...clean(2, 3000)], [[1, 20]]).problems).toEqual([
      't: fetch@1 ran again after pid 1 ran it, though no kill cut it short',
    ]);
  });

  it('reports a repeat under another idempotency key, and an effect count off', () => {
    const cut = [line('start', 'fetch', 1, 1, 0), line('end', 'fetch', 1, 1, 5), line('start', 'tool', 2, 1, 10, 'other')];
    expect(check([...cut, ...clean(2, 3000).slice(2)], [[1, 20]]).problems).toEqual([
      't: tool@2 ran with different idempotency keys: other, t/tool/2',
    ]);
    const twice = clean(1, 0);
    twice.splice(4, 0, line('effect', 'tool', 2, 1, 13));
    expect(check(twice).problems).toEqual(['t: the run that finished tool@2 made 2 effects']);
  });

  it('reports two runners at once, and lines written after a process died', () => {
    const a = [line('start', 'fetch', 1, 1, 0), line('end', 'fetch', 1, 1, 5), line('start', 'tool', 2, 1, 10)];
    // pid 2 starts the tool at 15, before pid 1 (killed while in it) died at 20.
    const b = [line('start', 'tool', 2, 2, 15), line('effect', 'tool', 2, 2, 16), line('end', 'tool', 2, 2, 17)];
    expect(check([...a, ...b], [[1, 20]]).problems).toEqual(['t: tool@2 by pid 2 started while tool@2 by pid 1 was running']);
    expect(check([...a, line('effect', 'tool', 2, 1, 30), ...clean(2, 3000).slice(2)], [[1, 20]]).problems).toEqual([
      't: pid 1 wrote after it died',
    ]);
  });
});

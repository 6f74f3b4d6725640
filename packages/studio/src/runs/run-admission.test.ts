import { describe, expect, it } from 'vitest';
import { RunAdmission, type Release } from './run-admission.ts';

/** What became of each request, in the order it happened. */
function track(admission: RunAdmission, name: string, log: string[], signal?: AbortSignal): Promise<Release | undefined> {
  return admission.enter(signal).then(
    (release) => {
      log.push(`${name} runs`);
      return release;
    },
    (err: { code: string }) => {
      log.push(`${name} ${err.code}`);
      return undefined;
    },
  );
}

describe('RunAdmission', () => {
  it('admits maxRuns at once, queues maxQueued in order, refuses the rest; each release hands its slot to the next', async () => {
    const admission = new RunAdmission(2, 2);
    const log: string[] = [];
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((n) => track(admission, n, log));
    const [ra, rb] = await Promise.all([a, b]);
    await e;
    expect(log).toEqual(['a runs', 'b runs', 'e TOO_MANY_RUNS']);
    expect(admission.counts).toEqual({ running: 2, waiting: 2 });
    rb!();
    rb!(); // a second release of the same slot changes nothing
    const rc = await c;
    expect(log.slice(3)).toEqual(['c runs']);
    expect(admission.counts).toEqual({ running: 2, waiting: 1 });
    ra!();
    rc!();
    (await d)!();
    expect(log.slice(4)).toEqual(['d runs']);
    expect(admission.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('a request whose client goes while it waits leaves the queue; close() refuses those waiting and every later one', async () => {
    const admission = new RunAdmission(1, 2);
    const log: string[] = [];
    const held = await track(admission, 'a', log);
    const gone = new AbortController();
    const b = track(admission, 'b', log, gone.signal);
    const c = track(admission, 'c', log);
    gone.abort();
    await b;
    expect(admission.counts).toEqual({ running: 1, waiting: 1 });
    admission.close();
    await c;
    await track(admission, 'd', log);
    expect(log).toEqual(['a runs', 'b BAD_REQUEST', 'c STUDIO_CLOSING', 'd STUDIO_CLOSING']);
    held!();
    expect(admission.counts).toEqual({ running: 0, waiting: 0 });
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crashGraph, STEPS, THREAD, type CrashState } from '../test-support/crash-graph.ts';
import { spawnChild } from '../test-support/spawn-child.ts';

const ITERATIONS = 10;
const dir = mkdtempSync(join(tmpdir(), 'weft-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  output: unknown;
  state: CrashState;
  /** Node starts, including those whose step never reached a checkpoint. */
  starts: number;
}

/** One run start to finish in this process, without interruption: the reference. */
async function uninterrupted(): Promise<Outcome & { ms: number }> {
  let starts = 0;
  const { g, store } = crashGraph(join(dir, 'reference.db'), () => starts++);
  const began = performance.now();
  const res = await g.run(0, { threadId: THREAD });
  const ms = performance.now() - began;
  await store.close();
  return { output: res.output, state: res.state, starts, ms };
}

/**
 * What a new process does after a crash: a fresh store on the same file and a
 * fresh compile, then `resume` from the latest checkpoint ('running' or
 * 'error'), or `run` when the crash came before the first checkpoint.
 */
async function recover(path: string, childPid: number | undefined): Promise<Outcome & { headStep: number | 'none' }> {
  let starts = 0;
  const { g, store } = crashGraph(path, () => starts++);
  const head = await store.get(THREAD);
  const headStep = head?.step ?? 'none';
  // The killed child's lease outlives it (until its time runs out): it was on disk, not in the process.
  // Killed before it claimed or after it released, there is none. Knowing the holder is dead, recovery takes the thread over.
  const lease = await store.threadLease(THREAD);
  if (lease) expect(lease.holder).toMatch(new RegExp(`:${childPid} \\(run `));
  const takeOver = lease !== undefined;
  if (!head) await g.run(0, { threadId: THREAD, takeOver });
  for (let guard = 0; guard < 3; guard++) {
    const status = (await g.getState(THREAD)).status;
    if (status === 'done') break;
    expect(['running', 'error']).toContain(status);
    await g.resume({ threadId: THREAD, takeOver });
  }
  expect(await store.threadLease(THREAD)).toBeUndefined();
  const final = await g.getState(THREAD);
  await store.close();
  return { output: final.output, state: final.state, starts, headStep };
}

const startsIn = (file: string): number => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0; // killed before the first node started
  }
};

describe('crash safety: SIGKILL at random moments, then resume in a new store', () => {
  it(`${ITERATIONS} kills spread over the run; each recovers to the uninterrupted result`, { timeout: 60_000 }, async () => {
    const reference = await uninterrupted();
    expect(reference.state.items).toHaveLength(STEPS);
    const killedAt: (number | 'none' | 'finished')[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const path = join(dir, `run-${i}.db`);
      const startsFile = join(dir, `run-${i}.starts`);
      const child = spawnChild('crash-child.ts', [path, startsFile]);
      await child.printed('ready');
      // Stratified: iteration i kills somewhere in the i-th slice of the run, so kills cover it from start to end.
      const delay = ((i + Math.random()) / ITERATIONS) * reference.ms;
      await new Promise((r) => setTimeout(r, delay));
      child.process.kill('SIGKILL');
      const { signal, stderr } = await child.exited;
      if (signal !== 'SIGKILL') expect(stderr).toBe(''); // it finished first: fine, but it must not have failed

      const recovered = await recover(path, child.process.pid);
      killedAt.push(signal === 'SIGKILL' ? recovered.headStep : 'finished');
      expect(recovered.output).toEqual(reference.output);
      expect(recovered.state).toEqual(reference.state);
      // State-recorded counts are the right measure of completions: a node's
      // count is updated through ctx.update, which is applied at the step's
      // barrier and becomes durable only with that step's checkpoint. A node
      // killed mid-step (or after finishing, before its checkpoint committed)
      // leaves no trace, so re-running it on resume is not a second completion.
      expect(recovered.state.counts).toEqual(reference.state.counts);
      // Raw starts, counted outside the state, show the only possible repeat:
      // at most the one node (the graph runs one per step) whose step the kill cut short.
      const extra = startsIn(startsFile) + recovered.starts - reference.starts;
      expect(extra).toBeGreaterThanOrEqual(0);
      expect(extra).toBeLessThanOrEqual(1);
    }
    // The kills really landed mid-run: most recoveries resumed from a checkpoint inside the run.
    const midRun = killedAt.filter((s) => typeof s === 'number' && s < STEPS);
    expect(midRun.length, `kill points (step of the last checkpoint): ${killedAt.join(', ')}`).toBeGreaterThanOrEqual(ITERATIONS / 2);
    console.log(`crash-safety: reference run ${Math.round(reference.ms)} ms; last checkpoint step at each kill: ${killedAt.join(', ')}`);
  });
});

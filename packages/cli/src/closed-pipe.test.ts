/**
 * Output into a pipe whose reader goes away (`weft history | head -1`): the
 * command ends quietly with 0, with no EPIPE stack trace, as `git log | head`
 * does. A run stops as on Ctrl-C: its checkpoints stay and it resumes.
 */
import { realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../test-support/run-main.ts';
import { FIXTURES, projectModule, tempDir, weftProcess } from '../test-support/spawn-weft.ts';

interface HistoryJson {
  checkpoints: { seq: number; step: number; status: string; id: string }[];
}

describe('weft writing into a pipe that closes', () => {
  const cwd = realpathSync(tempDir());
  const LOOP = projectModule(cwd, join(FIXTURES, 'loop-graph.ts'));
  const checkpoints = async (threadId: string) =>
    (JSON.parse((await runMain(['history', '--all', '--json', '--', threadId], cwd)).stdout) as HistoryJson).checkpoints;

  /** `weft …args | head -1` in a real process: the reader closes its end of stdout once the first line came. */
  async function firstLineOnly(args: string[]): Promise<{ code: number | null; first: string; stderr: string }> {
    const weft = weftProcess(args, cwd);
    const first = await weft.waitFor(() => true);
    weft.child.stdout.destroy();
    const code = await weft.end();
    return { code, first, stderr: weft.stderr };
  }

  beforeAll(async () => {
    // A thread whose listing (about 100 kB) is more than the pipe holds: the write meets the closed pipe.
    const run = await runMain(['run', LOOP, '--input', '{"n":0,"to":1000}', '--thread', 'long'], cwd);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('done · thread long · seq 1002, step 1001 · output counted to 1000: kept');
  }, 120_000);
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('weft history --all -- <thread> | head -1: exit 0, nothing on stderr', async () => {
    expect(await firstLineOnly(['history', '--all', '--', 'long'])).toEqual({
      code: 0,
      first: 'thread long · 1002 checkpoints · loop-graph.ts (export graph)',
      stderr: '',
    });
  });

  it('weft run … | head -1: exit 0, nothing on stderr; the run stops, keeps its checkpoints and resumes', async () => {
    // Each step prints the counter, cut at 200 characters (the pad makes it that long): the whole run would print
    // more than 1500 × 200 bytes, over four times what a pipe holds (64 KiB). With nobody reading, its writes fail
    // long before its end, however fast or slow either process is.
    const input = JSON.stringify({ n: 0, to: 1500, pad: 'x'.repeat(300) });
    expect(await firstLineOnly(['run', LOOP, '--input', input, '--thread', 'cut'])).toEqual({
      code: 0,
      first: 'thread cut · graph loop · store sqlite .weft/weft.db',
      stderr: '',
    });
    const kept = await checkpoints('cut');
    // Stopped before the loop's end (seq 1502), as a run stops on Ctrl-C.
    expect(kept[0]!.status).toBe('error');
    expect(kept[0]!.seq).toBeLessThan(1502);
    expect(kept.at(-1)).toMatchObject({ seq: 1, step: 0, status: 'running' });

    const resumed = await runMain(['resume', '--', 'cut'], cwd);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout.trimEnd().split('\n').at(-1)).toMatch(/^done · thread cut · seq \d+, step 1501 · output counted to 1500: kept$/);
    // The resume continued the checkpoints the stopped run left.
    const after = await checkpoints('cut');
    expect(after.slice(-kept.length)).toEqual(kept);
    expect(after[0]).toMatchObject({ status: 'done', step: 1501 });
  }, 120_000);
});

/** `weft bench` hands its arguments to the repository's harness and passes on its output and exit code. */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir, weft } from '../../test-support/spawn-weft.ts';

describe('weft bench', () => {
  const cwd = tempDir();
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  // A wrong argument stops the harness before it measures (or writes results): fast, and shows the pass-through.
  it('passes the arguments to the harness and its failure through', async () => {
    const result = await weft(['bench', '--only', 'nope'], cwd);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^unknown shape "nope"\nusage: tsx src\/main\.ts /);
  });
});

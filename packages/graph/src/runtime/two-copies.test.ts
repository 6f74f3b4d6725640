/**
 * A host that loads a user's CommonJS module gets a second copy of
 * @weft/graph in its process (the package as ESM for the host, as CommonJS
 * for the module). Agents bring their own code (an agent compiles itself), so
 * a graph the host runs can hold routes and nodes written against the other
 * copy: its `send()` results and its `interrupt()` calls must work the same.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/two-copies.ts', import.meta.url));

function runFixture(env: Record<string, string>): unknown {
  const out = spawnSync(process.execPath, ['--conditions=@weft/source', '--import', 'tsx', FIXTURE], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  expect(out.stderr).toBe('');
  expect(out.status).toBe(0);
  return JSON.parse(out.stdout.trim());
}

describe('two copies of @weft/graph in one process', () => {
  it("a route that returns the other copy's send() and a node that calls its interrupt() run as with one copy", () => {
    const expected = {
      first: 'interrupted',
      interrupts: ['ask/0', 'ask/1'],
      second: 'done',
      output: 'a:yes,b:no',
      calls: ['a', 'b', 'a', 'b'],
    };
    expect(runFixture({ WEFT_ONE_COPY: '1' })).toEqual({ twoCopies: false, ...expected });
    expect(runFixture({})).toEqual({ twoCopies: true, ...expected });
  });
});

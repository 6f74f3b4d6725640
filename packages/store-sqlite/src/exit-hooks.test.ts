import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS, spawnChild } from '../test-support/spawn-child.ts';
import { SqliteStore } from './sqlite-store.ts';
import { onProcessExit, type ExitHook } from './exit-hooks.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-exit-hooks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("durability 'exit' when a signal ends the process", () => {
  it(
    'SIGHUP (a closed terminal) in a process that does not handle it: the held puts are written and the process still dies of SIGHUP',
    { timeout: PROCESS_TEST_TIMEOUT_MS },
    async () => {
      const path = join(dir, 'sighup.sqlite');
      // exit-child.ts flushes puts 1–2, holds 3–4, prints "ready" and waits.
      const child = spawnChild('exit-child.ts', [path]);
      await child.printed('ready');
      child.process.kill('SIGHUP');
      const exit = await child.exited;
      expect(exit).toMatchObject({ code: null, signal: 'SIGHUP', stderr: '' });
      const store = new SqliteStore({ path });
      expect((await store.list('t')).map((e) => e.seq)).toEqual([4, 3, 2, 1]);
      await store.close();
    },
  );
});

describe('onProcessExit', () => {
  const noop: ExitHook = { close: () => undefined };
  /** Listeners for SIGTERM (handled before signal-exit too) and SIGHUP (new with it). */
  const listening = () => ({ SIGTERM: process.listenerCount('SIGTERM'), SIGHUP: process.listenerCount('SIGHUP') });

  it('listens to signals only while a hook is registered, once however many are', () => {
    const idle = listening();
    const removeA = onProcessExit(noop);
    const active = listening();
    expect(active).toEqual({ SIGTERM: idle.SIGTERM + 1, SIGHUP: idle.SIGHUP + 1 });
    const removeB = onProcessExit({ ...noop });
    expect(listening()).toEqual(active);
    removeA();
    removeA(); // a second call changes nothing
    expect(listening()).toEqual(active);
    removeB();
    expect(listening()).toEqual(idle);
  });

  it("a store with durability 'exit' registers when opened and unregisters when closed", async () => {
    const idle = listening();
    const store = new SqliteStore({ path: join(dir, 'hook.sqlite'), durability: 'exit' });
    expect(listening()).toEqual({ SIGTERM: idle.SIGTERM + 1, SIGHUP: idle.SIGHUP + 1 });
    await store.close();
    expect(listening()).toEqual(idle);
  });
});

/**
 * Every command the CLI prints for a person to paste — the resume command
 * after an interrupt, and every hint that names a command (failures,
 * THREAD_BUSY, an interrupt answered already, corrupt checkpoints, a module
 * that is not loaded, unknown interrupts and checkpoints) — works when
 * pasted, for thread ids a command line could misread: an option
 * (`--store=memory`, `-x`), spaces, quotes, a newline, an escape sequence.
 * Each printed command is read as a shell reads it and run through main()
 * against the store as it was when the command was printed; the thread id
 * must arrive unchanged.
 */
import { rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore } from '@weft/store-sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain, type MainResult } from '../test-support/run-main.ts';
import { printedCommands } from '../test-support/shell-words.ts';
import { FIXTURES, projectModule, tempDir } from '../test-support/spawn-weft.ts';
import { snapshotStore } from '../test-support/store-snapshot.ts';
import { resumeThatStopsAtOnce } from '../test-support/stopped-resume.ts';
import { terminalSafe } from './terminal-safe.ts';

const EXPENSE = join(FIXTURES, 'expense-graph.ts');
const TWO = join(FIXTURES, 'two-approvals-graph.ts');
const GREETER = join(FIXTURES, 'instruction-agent.ts');
const HOSTILE_IDS = ['--store=memory', '-x', 'a b', "'", 'a\nb', '\x1b[2J'];
const APPROVE = '{"approved":true}';

/** What placeholders in printed commands stand for here. */
type Fill = Partial<Record<'<json>' | '<id>' | '<file>' | '<value>', string>>;

interface Pasted {
  words: string[];
  code: number;
}

/**
 * Runs every command printed in `printed` against the store file as it is
 * now (restored before each), and checks each reached thread `threadId`.
 */
async function pasteAll(printed: MainResult, threadId: string, cwd: string, storeFile: string, fill: Fill): Promise<Pasted[]> {
  const commands = printedCommands(printed.stdout + printed.stderr);
  expect(commands.length, printed.stdout + printed.stderr).toBeGreaterThan(0);
  const snapshot = snapshotStore(storeFile);
  const pasted: Pasted[] = [];
  try {
    for (const words of commands) {
      snapshot.restore();
      const argv = words.slice(1).map((w) => Object.entries(fill).reduce((text, [hole, value]) => text.replaceAll(hole, value), w));
      for (const w of argv) expect(w, `unfilled placeholder in ${JSON.stringify(words)}`).not.toMatch(/<(json|id|file|value)>/);
      // Options first, then `--`, then the thread id exactly.
      expect(argv.slice(argv.indexOf('--') + 1), JSON.stringify(words)).toEqual([threadId]);
      const result = await runMain(argv, cwd);
      const out = result.stdout + result.stderr;
      expect(result.code, out).not.toBe(2);
      const shown = terminalSafe(threadId);
      expect(out.includes(`thread ${shown} `) || out.includes(`thread "${shown}"`), `${JSON.stringify(argv)}: ${out}`).toBe(true);
      pasted.push({ words: words.slice(0, 2), code: result.code });
    }
  } finally {
    snapshot.restore();
    snapshot.dispose();
  }
  return pasted;
}

describe.each(HOSTILE_IDS)('printed commands for thread %j', (threadId) => {
  const cwd = tempDir();
  const expense = projectModule(cwd, EXPENSE);
  const two = projectModule(cwd, TWO);
  const db = (name: string) => join(cwd, name);
  const thread = `--thread=${threadId}`;
  const input = ['--input', '{"who":"Ann","amount":500}'];
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('an interrupted thread: the resume command, and the hints of a resume without a value, an unknown interrupt, a second run, an unknown checkpoint and a busy thread', async () => {
    const run = await runMain(['run', expense, ...input, thread], cwd);
    const file = db('.weft/weft.db');
    const fill = { '<json>': APPROVE };
    const printed = [
      run,
      await runMain(['resume', '--', threadId], cwd),
      await runMain(['resume', '--value', 'true', '--interrupt', 'nope#0', '--', threadId], cwd),
      await runMain(['run', expense, ...input, thread], cwd),
      await runMain(['resume', '--checkpoint', 'nope', '--', threadId], cwd),
    ];
    const pasted = [];
    for (const p of printed) pasted.push(...(await pasteAll(p, threadId, cwd, file, fill)));
    // Another process holds the thread (its lease is in the store file).
    const other = new SqliteStore({ path: file });
    await other.claimThread(threadId, { holder: 'host-b:4242 (weft resume)' });
    await other.close();
    const busy = await runMain(['resume', '--value', APPROVE, '--', threadId], cwd);
    expect(busy.stderr.split('\n')[0]).toContain('is being run by host-b:4242 (weft resume) since');
    pasted.push(...(await pasteAll(busy, threadId, cwd, file, fill)));
    expect([...printed, busy].map((p) => p.code)).toEqual([0, 1, 1, 1, 1, 1]);
    expect(pasted).toEqual([
      { words: ['weft', 'resume'], code: 0 },
      { words: ['weft', 'resume'], code: 0 },
      { words: ['weft', 'resume'], code: 0 },
      { words: ['weft', 'resume'], code: 0 },
      { words: ['weft', 'history'], code: 0 },
      // The takeover command repeats the value: it takes the thread and finishes it.
      { words: ['weft', 'resume'], code: 0 },
    ]);
  });

  it('two pending interrupts on a named store: both resume commands, and the hint when --value does not say which', async () => {
    const store = ['--store', 'sqlite:stores/two.db'];
    const run = await runMain(['run', two, '--query', 'draft', thread, ...store], cwd);
    const ambiguous = await runMain(['resume', '--value', '"ok"', ...store, '--', threadId], cwd);
    expect([run.code, ambiguous.code]).toEqual([0, 1]);
    const pasted = [
      ...(await pasteAll(run, threadId, cwd, db('stores/two.db'), { '<json>': '"ok"' })),
      ...(await pasteAll(ambiguous, threadId, cwd, db('stores/two.db'), { '<json>': '"ok"' })),
    ];
    // --values finishes the thread; one value at a time leaves the other interrupt waiting (exit 0, interrupted).
    expect(pasted.map((p) => p.code)).toEqual([0, 0, 0, 0]);
  });

  it('a failed run, a value for a thread that waits on none, and a done thread', async () => {
    const store = ['--store', 'sqlite:stores/failed.db'];
    await runMain(['run', expense, ...input, thread, ...store], cwd);
    const failed = await runMain(['resume', '--value', '{"approved":false}', ...store, '--', threadId], cwd);
    const noneWaiting = await runMain(['resume', '--value', APPROVE, ...store, '--', threadId], cwd);
    expect([failed.code, noneWaiting.code]).toEqual([1, 1]);
    // Continuing the failed thread fails again the same way (the refusal is in its state): exit 1, on the same thread.
    expect((await pasteAll(failed, threadId, cwd, db('stores/failed.db'), {})).map((p) => p.code)).toEqual([1]);
    expect((await pasteAll(noneWaiting, threadId, cwd, db('stores/failed.db'), {})).map((p) => p.code)).toEqual([1]);

    const doneStore = ['--store', 'sqlite:stores/done.db'];
    await runMain(['run', expense, ...input, thread, ...doneStore], cwd);
    await runMain(['resume', '--value', APPROVE, ...doneStore, '--', threadId], cwd);
    const done = await runMain(['resume', ...doneStore, '--', threadId], cwd);
    expect(done.code).toBe(1);
    expect((await pasteAll(done, threadId, cwd, db('stores/done.db'), {})).map((p) => p.code)).toEqual([0]);
  });

  it("an agent's failed run: the command that gives the session value its instruction lacks", async () => {
    const store = ['--store', 'sqlite:stores/greeter.db'];
    const failed = await runMain(['run', projectModule(cwd, GREETER), '--query', 'hi', thread, ...store], cwd);
    expect(failed.code).toBe(1);
    expect(failed.stderr.split('\n')[1]).toMatch(
      /^hint: continue with the missing session value: weft resume --session 'company=<value>' /,
    );
    // The agent goes on from its failed step and finishes.
    expect((await pasteAll(failed, threadId, cwd, db('stores/greeter.db'), { '<value>': 'Acme' })).map((p) => p.code)).toEqual([0]);
  });

  it('an interrupt answered by a resume that stopped at once: continue with that value, or fork to answer differently', async () => {
    const store = ['--store', 'sqlite:stores/answered.db'];
    await runMain(['run', expense, ...input, thread, ...store], cwd);
    await resumeThatStopsAtOnce(db('stores/answered.db'), threadId);
    const again = await runMain(['resume', '--value', APPROVE, ...store, '--', threadId], cwd);
    expect(again.code).toBe(1);
    expect(again.stderr.split('\n')[0]).toMatch(/^weft: interrupt "approve#0" of thread .* already has a value from an earlier resume/);
    const pasted = await pasteAll(again, threadId, cwd, db('stores/answered.db'), { '<json>': '{"approved":false}' });
    // Continuing pays; the fork from the interrupted checkpoint refuses (the other answer) and fails: exit 1.
    expect(pasted.map((p) => p.code)).toEqual([0, 1]);
  });

  it('corrupt checkpoints in history and threads', async () => {
    const store = ['--store', 'sqlite:stores/corrupt.db'];
    await runMain(['run', expense, ...input, thread, ...store], cwd);
    const sqlite = new SqliteStore({ path: db('stores/corrupt.db') });
    const head = (await sqlite.get(threadId))!;
    await sqlite.put({ ...head, id: `${head.id}-bad`, parentId: head.id, seq: head.seq + 1, bytes: new Uint8Array([1, 2, 3]) });
    await sqlite.close();
    const history = await runMain(['history', ...store, '--', threadId], cwd);
    const threads = await runMain(['threads', ...store], cwd);
    const resume = await runMain(['resume', ...store, '--', threadId], cwd);
    expect([history.code, threads.code, resume.code]).toEqual([1, 1, 1]);
    const fill = { '<json>': APPROVE, '<id>': head.id };
    const pasted = [
      ...(await pasteAll(history, threadId, cwd, db('stores/corrupt.db'), fill)),
      ...(await pasteAll(threads, threadId, cwd, db('stores/corrupt.db'), fill)),
      ...(await pasteAll(resume, threadId, cwd, db('stores/corrupt.db'), fill)),
    ];
    expect(pasted).toEqual([
      // The fork from the newest readable checkpoint answers the approval and pays.
      { words: ['weft', 'resume'], code: 0 },
      // history lists the thread (exit 1: a checkpoint is still corrupt).
      { words: ['weft', 'history'], code: 1 },
      { words: ['weft', 'history'], code: 1 },
      // The fork from the checkpoint <id> (the interrupted one) without a value: refused, it waits on the approval.
      { words: ['weft', 'resume'], code: 1 },
    ]);
  });

  it('a module outside the project, and a module that is gone: the commands that load one deliberately', async () => {
    const store = ['--store', 'sqlite:stores/modules.db'];
    const outside = await runMain(['run', EXPENSE, ...input, thread, ...store], cwd);
    const refused = await runMain(['resume', '--value', APPROVE, ...store, '--', threadId], cwd);
    expect([outside.code, refused.code]).toEqual([0, 1]);
    const pasted = [
      ...(await pasteAll(outside, threadId, cwd, db('stores/modules.db'), { '<json>': APPROVE })),
      ...(await pasteAll(refused, threadId, cwd, db('stores/modules.db'), {})),
    ];
    expect(pasted.map((p) => p.code)).toEqual([0, 0]);

    const gone = projectModule(cwd, EXPENSE, 'gone.ts');
    const goneStore = ['--store', 'sqlite:stores/gone.db'];
    await runMain(['run', gone, ...input, thread, ...goneStore], cwd);
    unlinkSync(join(cwd, gone));
    const missing = await runMain(['resume', '--value', APPROVE, ...goneStore, '--', threadId], cwd);
    expect(missing.code).toBe(1);
    expect((await pasteAll(missing, threadId, cwd, db('stores/gone.db'), { '<file>': EXPENSE })).map((p) => p.code)).toEqual([0]);
    writeFileSync(join(cwd, gone), '');
  });
});

/**
 * Which module `weft resume` imports. The path comes from the store, and
 * importing a module runs its code, so a thread only chooses a file inside
 * the project (after symlinks and `..` are resolved, outside node_modules);
 * anything else is refused before it is imported, with the command that
 * loads it on purpose. Nor a file in the store's folder (`.weft/`, or the
 * folder of a SQLite file --store names): whoever can write the store can
 * write files there. Paths are saved relative to the project root, so a
 * moved project still resumes.
 */
import { cpSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore } from '@weft/store-sqlite';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runMain } from '../test-support/run-main.ts';
import { FIXTURES, projectModule, tempDir } from '../test-support/spawn-weft.ts';

const EXPENSE = join(FIXTURES, 'expense-graph.ts');
const INPUT = { who: 'Ann', amount: 500 };
const APPROVE = '{"approved":true}';

describe('the module weft resume loads', () => {
  const root = realpathSync(tempDir());
  const project = join(root, 'project');
  const elsewhere = join(root, 'elsewhere');
  const marker = join(root, 'imported');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeEach(() => rmSync(marker, { force: true }));

  /**
   * A module outside the project that says when it is imported: nothing of it may run unless the operator
   * chose it. One file per test: a module already imported by this process would not run again.
   */
  function evilModule(name: string, dir = elsewhere): string {
    const file = join(dir, `${name}.ts`);
    writeFileSync(
      file,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport * from ${JSON.stringify(EXPENSE)};\n`,
    );
    return file;
  }

  mkdirSync(project, { recursive: true });
  mkdirSync(elsewhere, { recursive: true });
  writeFileSync(join(project, 'package.json'), '{"name":"project","private":true}\n');

  /** A thread interrupted at its approval whose checkpoints name `module` (as anyone who can write the store could). */
  async function threadNaming(threadId: string, module: string, storeFile = '.weft/weft.db', exportName = 'graph'): Promise<void> {
    const store = new SqliteStore({ path: join(project, storeFile) });
    const { graph } = (await import(EXPENSE)) as typeof import('../test-fixtures/expense-graph.ts');
    const run = await graph.withStore(store).run(INPUT, { threadId, context: { weft: { module, export: exportName } } });
    expect(run.status).toBe('interrupted');
    await store.close();
  }

  const refusal = (threadId: string, file: string) => ({
    code: 1,
    stdout: '',
    stderr:
      `weft: thread "${threadId}" names the module ${file}, which is not loaded: it lies outside this project (${project}) or under node_modules, and the module a thread names comes from the store, whose writers must not choose code for this machine to run\n` +
      `hint: if you trust that file, load it deliberately: weft resume --value '{"approved":true}' --module ${file} -- ${threadId}\n`,
  });

  it('refuses a module outside the project, named by its absolute path, without importing it', async () => {
    const evil = evilModule('abs');
    await threadNaming('abs', evil);
    expect(await runMain(['resume', '--value', APPROVE, '--', 'abs'], project)).toEqual(refusal('abs', evil));
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a relative path that climbs out with ..', async () => {
    evilModule('dots');
    await threadNaming('dots', '../elsewhere/dots.ts');
    expect(await runMain(['resume', '--value', APPROVE, '--', 'dots'], project)).toEqual(refusal('dots', join(elsewhere, 'dots.ts')));
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a symlink in the project that points outside it', async () => {
    symlinkSync(evilModule('link'), join(project, 'link.ts'));
    await threadNaming('link', 'link.ts');
    expect(await runMain(['resume', '--value', APPROVE, '--', 'link'], project)).toEqual(refusal('link', join(project, 'link.ts')));
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses a file under node_modules, where packages keep scripts that act when imported', async () => {
    mkdirSync(join(project, 'node_modules/pkg'), { recursive: true });
    evilModule('bin', join(project, 'node_modules/pkg'));
    await threadNaming('pkg', 'node_modules/pkg/bin.ts');
    const file = join(project, 'node_modules/pkg/bin.ts');
    expect(await runMain(['resume', '--value', APPROVE, '--', 'pkg'], project)).toEqual(refusal('pkg', file));
    expect(existsSync(marker)).toBe(false);
  });

  /** A thread's checkpoints (ids, order, status, bytes) and who holds it: a refused command leaves them as they were, and no one holding it. */
  async function storedThread(file: string, threadId: string) {
    const store = new SqliteStore({ path: file });
    try {
      const entries = await store.list(threadId);
      const checkpoints = entries.map((e) => ({ id: e.id, seq: e.seq, status: e.status, bytes: Buffer.from(e.bytes).toString('base64') }));
      return { checkpoints, lease: (await store.threadLease(threadId)) ?? null };
    } finally {
      await store.close();
    }
  }

  it("refuses a module in the store's folder (.weft/), which the store's writers can write, before importing it", async () => {
    const evil = evilModule('beside', join(project, '.weft'));
    await threadNaming('beside', '.weft/beside.ts');
    const db = join(project, '.weft/weft.db');
    const before = await storedThread(db, 'beside');
    const refused = {
      code: 1,
      stdout: '',
      stderr:
        `weft: thread "beside" names the module ${evil}, which is not loaded: it lies in the folder of the store (${join(project, '.weft')}), and whoever can write the store can put a file there\n` +
        `hint: pass the module explicitly: weft resume --value '{"approved":true}' --module ${evil} -- beside\n`,
    };
    expect(await runMain(['resume', '--value', APPROVE, '--', 'beside'], project)).toEqual(refused);
    // weft replay loads a thread's module by the same rule.
    expect(await runMain(['replay', '--', 'beside'], project)).toEqual({
      ...refused,
      stderr: refused.stderr.replace(
        `weft resume --value '{"approved":true}' --module ${evil} -- beside`,
        `weft replay --module ${evil} -- beside`,
      ),
    });
    expect(existsSync(marker)).toBe(false);
    expect(await storedThread(db, 'beside')).toEqual({ ...before, lease: null });
    await expect(
      (await import('./resume-module.ts')).resumeModule(
        { entry: { threadId: 'beside' }, recorded: { module: '.weft/beside.ts', export: 'graph' } } as never,
        {},
        { cwd: project, env: {} },
        { launcher: ['weft'], opened: { spec: 'sqlite:.weft/weft.db', explicit: false, file: db } as never },
        [],
      ),
    ).rejects.toMatchObject({ code: 'MODULE_IN_STORE_FOLDER' });
  });

  it('refuses a module beside a SQLite store that --store names, anywhere in the project', async () => {
    mkdirSync(join(project, 'data'), { recursive: true });
    const evil = evilModule('data-evil', join(project, 'data'));
    await threadNaming('data', 'data/data-evil.ts', 'data/app.db');
    expect(await runMain(['resume', '--value', APPROVE, '--store', 'sqlite:data/app.db', '--', 'data'], project)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `weft: thread "data" names the module ${evil}, which is not loaded: it lies in the folder of the store (${join(project, 'data')}), and whoever can write the store can put a file there\n` +
        `hint: pass the module explicitly: weft resume --value '{"approved":true}' --module ${evil} --store sqlite:data/app.db -- data\n`,
    });
    expect(existsSync(marker)).toBe(false);
    // The hint's command loads it: the operator chose it.
    const chosen = await runMain(['resume', '--value', APPROVE, '--module', evil, '--store', 'sqlite:data/app.db', '--', 'data'], project);
    expect([chosen.code, chosen.stdout.trimEnd().split('\n').at(-1)]).toEqual([
      0,
      'done · thread data · seq 6, step 3 · output paid 500 to Ann',
    ]);
    expect(existsSync(marker)).toBe(true);
  });

  it('a thread that names an export which is not an agent or a graph (a tool): EXPORT_NOT_USABLE, nothing runs', async () => {
    const module = projectModule(project, join(FIXTURES, 'tool-module.ts'), 'tools.ts');
    await threadNaming('tool', module, '.weft/weft.db', 'bookFlight');
    const db = join(project, '.weft/weft.db');
    const before = await storedThread(db, 'tool');
    const file = join(project, module);
    expect(await runMain(['resume', '--value', APPROVE, '--', 'tool'], project)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `weft: export "bookFlight" of ${file} is a tool (book_flight), not an agent or a compiled graph\n` +
        'hint: a tool runs inside an agent: give it to one (chatModelAgent({ …, tools: [bookFlight] })) and export the agent\n',
    });
    expect(await storedThread(db, 'tool')).toEqual({ ...before, lease: null });
  });

  it('loads the refused module when --module names it, as the hint says', async () => {
    const evil = evilModule('chosen');
    await threadNaming('chosen', evil);
    const chosen = await runMain(['resume', '--value', APPROVE, '--module', evil, '--', 'chosen'], project);
    expect([chosen.code, chosen.stdout.trimEnd().split('\n').at(-1)]).toEqual([
      0,
      'done · thread chosen · seq 6, step 3 · output paid 500 to Ann',
    ]);
    expect(existsSync(marker)).toBe(true);
  });

  it('saves a module of the project relative to its root, so the project can move', async () => {
    const module = projectModule(project, EXPENSE, 'expense.ts');
    mkdirSync(join(project, 'sub'), { recursive: true });
    // Run from a subfolder: the project root is the folder with the package.json.
    const run = await runMain(
      [
        'run',
        `../${module}`,
        '--input',
        JSON.stringify(INPUT),
        '--thread',
        'moving',
        '--store',
        `sqlite:${join(project, 'db', 'moving.db')}`,
      ],
      join(project, 'sub'),
    );
    expect(run.code).toBe(0);
    const history = JSON.parse(
      (await runMain(['history', '--json', '--store', 'sqlite:db/moving.db', '--', 'moving'], project)).stdout,
    ) as {
      module: string;
    };
    expect(history.module).toBe('expense.ts');
    const moved = join(root, 'moved');
    cpSync(project, moved, { recursive: true });
    rmSync(join(project, module));
    const resumed = await runMain(['resume', '--value', APPROVE, '--store', 'sqlite:db/moving.db', '--', 'moving'], moved);
    expect([resumed.code, resumed.stderr, resumed.stdout.trimEnd().split('\n').at(-1)]).toEqual([
      0,
      '',
      'done · thread moving · seq 6, step 3 · output paid 500 to Ann',
    ]);
  });

  it('WEFT_PROJECT names the project: its modules load from anywhere', async () => {
    await threadNaming('named', evilModule('named'));
    const resumed = await runMain(['resume', '--value', APPROVE, '--', 'named'], project, { WEFT_PROJECT: '../elsewhere' });
    // The store is found from the working folder; the module is inside the project WEFT_PROJECT names.
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(existsSync(marker)).toBe(true);
    const module = projectModule(project, EXPENSE, 'named.ts');
    expect(await runMain(['run', module, '--input', JSON.stringify(INPUT)], project, { WEFT_PROJECT: 'nope' })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: WEFT_PROJECT "nope" is not a folder\nhint: set it to the project folder, or unset it\n',
    });
  });
});

/**
 * Which module `weft resume` imports. The path comes from the store, and
 * importing a module runs its code, so a thread only chooses a file inside
 * the project (after symlinks and `..` are resolved, outside node_modules);
 * anything else is refused before it is imported, with the command that
 * loads it on purpose. Paths are saved relative to the project root, so a
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
  async function threadNaming(threadId: string, module: string): Promise<void> {
    const store = new SqliteStore({ path: join(project, '.weft/weft.db') });
    const { graph } = (await import(EXPENSE)) as typeof import('../test-fixtures/expense-graph.ts');
    const run = await graph.withStore(store).run(INPUT, { threadId, context: { weft: { module, export: 'graph' } } });
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
      ['run', `../${module}`, '--input', JSON.stringify(INPUT), '--thread', 'moving', '--store', `sqlite:${join(project, 'moving.db')}`],
      join(project, 'sub'),
    );
    expect(run.code).toBe(0);
    const history = JSON.parse((await runMain(['history', '--json', '--store', 'sqlite:moving.db', '--', 'moving'], project)).stdout) as {
      module: string;
    };
    expect(history.module).toBe('expense.ts');
    const moved = join(root, 'moved');
    cpSync(project, moved, { recursive: true });
    rmSync(join(project, module));
    const resumed = await runMain(['resume', '--value', APPROVE, '--store', 'sqlite:moving.db', '--', 'moving'], moved);
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

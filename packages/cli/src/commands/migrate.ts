import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { exportThread } from '@weft/graph';
import { cliHolder } from '../cli-holder.ts';
import type { CliIo } from '../cli-io.ts';
import { closestName } from '../closest-name.ts';
import type { Command } from '../command.ts';
import { CliError, usageError } from '../errors.ts';
import { loadModule } from '../load-module.ts';
import { applyToThreads } from '../migrate/apply-to-threads.ts';
import { migrateTarget } from '../migrate/migrate-target.ts';
import { planThreads, type PlannedThread } from '../migrate/plan-threads.ts';
import { printApplied, printFixtureResults, printPlan } from '../migrate/print-migrate.ts';
import { testFixture } from '../migrate/test-fixture.ts';
import { openStore, type OpenedStore } from '../open-store.ts';
import { parseCommandArgs, type ParsedCommandArgs } from '../parse-command-args.ts';
import { commandReach, launcherText } from '../printed-command.ts';
import { threadsHint } from '../read-thread-head.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { toJsonLine } from '../to-json-line.ts';
import { writeOutput } from '../write-output.ts';

const USAGE = `usage: weft migrate <action> [module] [options]

Moves the paused threads of a store to the graph version a module has now
(see docs/graph/versions.md). The module's graph is the version threads are
judged against: a compiled graph with its compile({ version, migrations }),
or an agent with the module's \`versions\` export (what new Runner({ versions })
takes; weft run and weft resume pass it too).

actions:
  plan <module>          every thread whose latest checkpoint names the module's graph (any version), with its
                         status, version and what the graph can do with it: current, compatible,
                         needs-migration (with the migrations) or blocked (with the reasons)
  apply <module>         migrate threads now (--thread <id> … or --all), each under its lease, into a new checkpoint
                         whose parent is the old head (weft resume --checkpoint <old> undoes it)
  test <module>          import each thread fixture of --fixtures <dir> (*.json) into a store in memory, then judge,
                         migrate and resume it with the module's graph (with the fixture's "answers", if any)
  save-fixture           write a thread of the store as a fixture (--thread <id> --out <file>)

options:
  --store <spec>         sqlite:<file> | postgres:<url> (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --export <name>        the module's export (default: agent, graph, default)
  --thread <id>          plan, apply: only this thread (repeatable); save-fixture: the thread to write
  --all                  apply: every thread plan lists
  --dry-run              apply: apply the migrations in memory and check them, writing nothing
  --fixtures <dir>       test: the folder of fixtures
  --out <file>           save-fixture: the file to write
  --save-fixture <dir>   plan: also write each listed thread as a fixture, <dir>/<thread>.json
  --json                 one JSON object instead of the table

exit codes: plan 0 when every thread can continue, 1 when one is blocked or cannot be read (or not saved);
apply 1 when any thread is blocked or failed (the others are migrated all the same), else 0;
test 1 when any fixture is blocked or fails, else 0; 2 for a wrong command line.`;

const OPTIONS = {
  store: { type: 'string' },
  export: { type: 'string' },
  thread: { type: 'string', multiple: true },
  all: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  fixtures: { type: 'string' },
  out: { type: 'string' },
  'save-fixture': { type: 'string' },
  json: { type: 'boolean' },
} as const;

type Values = ParsedCommandArgs<typeof OPTIONS>['values'];
type Action = 'plan' | 'apply' | 'test' | 'save-fixture';

/** What each action takes: whether it loads a module, and the options it accepts besides --json. */
const ACTIONS: Record<Action, { module: boolean; options: (keyof Values)[] }> = {
  plan: { module: true, options: ['store', 'export', 'thread', 'save-fixture'] },
  apply: { module: true, options: ['store', 'export', 'thread', 'all', 'dry-run'] },
  test: { module: true, options: ['export', 'fixtures'] },
  'save-fixture': { module: false, options: ['store', 'thread', 'out'] },
};

/** `weft migrate`: plan, apply and test the migration of a store's threads to a module's graph version. */
export const migrateCommand: Command = {
  name: 'migrate',
  usage: USAGE,
  async execute(argv, io) {
    const { values, positionals } = parseCommandArgs('migrate', argv, OPTIONS, { names: ['action', 'module'], required: 1 }, io);
    const action = checkAction(positionals, values, launcherText(commandReach(io)));
    if (action === 'test') return testAction(positionals[1]!, values, io);
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: false });
    try {
      if (action === 'save-fixture') return await saveFixture(opened, values, io);
      return action === 'plan'
        ? await planAction(opened, positionals[1]!, values, io)
        : await applyAction(opened, positionals[1]!, values, io);
    } finally {
      await opened.close();
    }
  },
};

/** Refuses an unknown action, a missing or extra module, an option the action does not take, and a missing required option. */
function checkAction(positionals: string[], values: Values, weft: string): Action {
  const [name, module] = positionals as [string, string | undefined];
  const actions = Object.keys(ACTIONS) as Action[];
  if (!actions.includes(name as Action)) {
    const guess = closestName(name, actions);
    throw usageError(
      `migrate: unknown action ${JSON.stringify(name)}`,
      `${guess ? `did you mean ${weft} migrate ${guess}? ` : ''}the actions are ${actions.join(', ')}; ${weft} migrate --help explains them`,
    );
  }
  const action = name as Action;
  const spec = ACTIONS[action];
  if (spec.module && module === undefined) throw usageError(`migrate ${action} needs <module>`, `${weft} migrate ${action} <module.ts>`);
  if (!spec.module && module !== undefined)
    throw usageError(`migrate ${action} takes no module`, `${weft} migrate ${action} --thread <id> --out <file>`);
  for (const key of Object.keys(values) as (keyof Values)[])
    if (key !== 'json' && !spec.options.includes(key))
      throw usageError(`migrate ${action} does not take --${key}`, `${weft} migrate --help lists what each action takes`);
  const need = (ok: boolean, what: string, example: string) => {
    if (!ok) throw usageError(`migrate ${action} needs ${what}`, example);
  };
  if (action === 'apply') {
    need(
      Boolean(values.thread?.length) !== Boolean(values.all),
      '--thread <id> (repeatable) or --all, not both',
      `${weft} migrate apply <module> --all --dry-run`,
    );
  }
  if (action === 'test')
    need(values.fixtures !== undefined, '--fixtures <dir>', `${weft} migrate test <module> --fixtures fixtures/threads`);
  if (action === 'save-fixture') {
    need(values.thread?.length === 1, 'one --thread <id>', `${weft} migrate save-fixture --thread <id> --out fixtures/threads/<id>.json`);
    need(values.out !== undefined, '--out <file>', `${weft} migrate save-fixture --thread <id> --out fixtures/threads/<id>.json`);
  }
  return action;
}

async function loadTarget(opened: OpenedStore, module: string, values: Values, io: CliIo) {
  const loaded = await loadModule(resolve(io.cwd, module), values.export);
  return { loaded, target: await migrateTarget(loaded, opened.store) };
}

/** The threads given with --thread must exist: a typo would otherwise read as "nothing to migrate". */
async function checkThreads(opened: OpenedStore, ids: readonly string[], io: CliIo): Promise<void> {
  for (const threadId of ids)
    if (!(await opened.store.get(threadId)))
      throw new CliError(
        'THREAD_NOT_FOUND',
        `thread "${threadId}" not found in ${opened.label}`,
        threadsHint({ ...commandReach(io, opened), opened }),
        {
          details: { threadId },
        },
      );
}

async function planAction(opened: OpenedStore, module: string, values: Values, io: CliIo): Promise<number> {
  const { target } = await loadTarget(opened, module, values, io);
  if (values.thread) await checkThreads(opened, values.thread, io);
  const plan = await planThreads(target.graph, opened.store, values.thread);
  if (values.json) io.stdout(toJsonLine(plan));
  else printPlan(io, plan);
  const saved = values['save-fixture'] === undefined ? 0 : await saveFixtures(opened, plan.threads, values['save-fixture'], io);
  return saved > 0 || plan.threads.some((t) => t.check === 'blocked' || t.check === 'unreadable') ? 1 : 0;
}

/**
 * `plan --save-fixture <dir>`: each planned thread as a fixture, `<dir>/<thread>.json` (the id
 * URI-encoded, so no id names a path elsewhere). Says on stderr what it wrote and which it could not
 * (a pruned or damaged thread); resolves to how many it could not.
 */
async function saveFixtures(opened: OpenedStore, threads: readonly PlannedThread[], folder: string, io: CliIo): Promise<number> {
  const dir = resolve(io.cwd, folder);
  mkdirSync(dir, { recursive: true });
  let failed = 0;
  for (const { threadId } of threads) {
    try {
      const fixture = await exportThread(opened.store, threadId);
      writeOutput(
        io,
        join(dir, `${encodeURIComponent(threadId)}.json`),
        JSON.stringify(fixture, null, 2),
        `fixture of thread ${threadId}, ${fixture.entries.length} checkpoints`,
      );
    } catch (err) {
      failed++;
      io.stderr(terminalSafe(`weft: thread "${threadId}" not saved: ${err instanceof Error ? err.message : String(err)}`) + '\n');
    }
  }
  return failed;
}

async function applyAction(opened: OpenedStore, module: string, values: Values, io: CliIo): Promise<number> {
  const { target } = await loadTarget(opened, module, values, io);
  if (values.thread) await checkThreads(opened, values.thread, io);
  const plan = await planThreads(target.graph, opened.store, values.thread);
  const dryRun = values['dry-run'] === true;
  const applied = await applyToThreads(target.graph, plan.threads, { dryRun, holder: cliHolder('migrate apply') });
  if (values.json) io.stdout(toJsonLine({ graph: plan.graph, dryRun, threads: applied, skipped: plan.skipped }));
  else printApplied(io, plan, applied, dryRun);
  return applied.some((t) => t.outcome === 'failed' || t.outcome === 'blocked') ? 1 : 0;
}

async function testAction(module: string, values: Values, io: CliIo): Promise<number> {
  const dir = resolve(io.cwd, values.fixtures!);
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (err) {
    throw new CliError(
      'FILE_UNREADABLE',
      `cannot read the fixtures folder ${dir}: ${(err as Error).message}`,
      'pass the folder that holds the *.json thread fixtures',
      { cause: err },
    );
  }
  if (files.length === 0)
    throw new CliError(
      'FILE_UNREADABLE',
      `no thread fixtures (*.json) in ${dir}`,
      'write one: weft migrate save-fixture --thread <id> --out <dir>/<id>.json',
    );
  const loaded = await loadModule(resolve(io.cwd, module), values.export);
  const results = [];
  for (const file of files) results.push(await testFixture(loaded, join(dir, file), file));
  if (values.json) io.stdout(toJsonLine({ fixtures: results }));
  else printFixtureResults(io, results);
  return results.some((r) => r.outcome !== 'passed') ? 1 : 0;
}

async function saveFixture(opened: OpenedStore, values: Values, io: CliIo): Promise<number> {
  const threadId = values.thread![0]!;
  await checkThreads(opened, [threadId], io);
  const fixture = await exportThread(opened.store, threadId);
  writeOutput(io, values.out, JSON.stringify(fixture, null, 2), `fixture of thread ${threadId}, ${fixture.entries.length} checkpoints`);
  return 0;
}

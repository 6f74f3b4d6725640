/**
 * The Weft demo: the customer-support system of support.ts, run end to end
 * with the `weft` command, each step in its own process:
 *
 *   1. `weft run`: Coordinator → Tech → Database (diagnosis) → back to the
 *      Coordinator → Billing, which asks for a refund that needs approval: the
 *      run stops at that interrupt, its checkpoints in SQLite (.weft/weft.db).
 *   2. `weft resume`: a NEW process approves the refund and continues the
 *      thread from the SQLite checkpoint, at exactly the refund tool.
 *   3. `weft history`: the thread's latest checkpoints.
 *   4. `weft replay`: writes run.html, the compiled graph with both runs
 *      replayed on it, step by step.
 *
 * Offline it uses scripted models; with OPENAI_BASE_URL and OPENAI_API_KEY set,
 * a real model answers instead (its choices may differ from the script).
 *
 *   npx tsx docs/examples/support/demo.ts      (the root's `pnpm demo`)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exampleQuery } from './support.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const WEFT = join(ROOT, 'packages/cli/bin/weft.js');
const MODULE = relative(process.cwd(), join(import.meta.dirname, 'support.ts'));
const OUT = resolve('.weft/demo');
const LOG = join(OUT, 'run.jsonl');
const HTML = join(OUT, 'run.html');

/** Runs `weft …args` in a process of its own, showing its output; stops the demo if it fails. */
function weft(title: string, args: string[]): string {
  console.log(`\n━━ ${title}\n$ weft ${args.map(quoteForShow).join(' ')}\n`);
  const res = spawnSync(process.execPath, [WEFT, ...args], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  process.stdout.write(res.stdout);
  if (res.status !== 0) {
    console.error(`\ndemo: "weft ${args[0]}" exited with code ${String(res.status ?? res.signal)}`);
    process.exit(1);
  }
  return res.stdout;
}

function quoteForShow(arg: string): string {
  return /^[\w./:=@-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

/** The thread's status and pending interrupts, read back through the CLI's JSON output. */
function threadStatus(thread: string): { status: string; interrupts: string[] } {
  const res = spawnSync(process.execPath, [WEFT, 'history', thread, '--limit', '1', '--json'], { encoding: 'utf8' });
  const head = (JSON.parse(res.stdout) as { checkpoints: { status: string; interrupts: string[] }[] }).checkpoints[0];
  if (res.status !== 0 || !head) throw new Error(`demo: cannot read thread ${thread}: ${res.stderr}`);
  return head;
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const thread = `demo-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;

weft('1. A customer writes in; the coordinator routes the work', [
  'run',
  MODULE,
  '--query',
  exampleQuery,
  '--session',
  'company=Acme',
  '--thread',
  thread,
  '--record',
  relative(process.cwd(), LOG),
]);
const paused = threadStatus(thread);
if (paused.status === 'interrupted') {
  weft('2. A person approves the refund; a new process resumes from SQLite', [
    'resume',
    thread,
    '--value',
    '{"approved":true}',
    '--record',
    relative(process.cwd(), LOG),
  ]);
} else {
  console.log(`\n(the run ended ${paused.status} without asking for approval: nothing to resume)`);
}
weft('3. The thread’s latest checkpoints', ['history', thread, '--limit', '4']);
weft('4. The compiled graph with the run replayed on it', ['replay', relative(process.cwd(), LOG), '-o', relative(process.cwd(), HTML)]);

const done = threadStatus(thread);
console.log(`\nThread ${thread} is ${done.status}. Open the replay in a browser:\n  ${pathToFileURL(HTML).href}`);
console.log(
  '\nTo run it live in the browser (Weft Studio: start runs, watch the transfers, approve the refund, fork from any checkpoint):\n' +
    `  npx -y pnpm@10 weft serve ${MODULE}\n  then open http://127.0.0.1:4300/`,
);
if (done.status !== 'done') process.exit(1);

import { cliHolder } from '../cli-holder.ts';
import type { CliIo } from '../cli-io.ts';
import type { Command } from '../command.ts';
import { usageError } from '../errors.ts';
import { leaseTtlFromEnv } from '../lease-ttl.ts';
import { loadBullmq } from '../load-bullmq.ts';
import { openSharedStore } from '../open-shared-store.ts';
import { nextSignal } from '../next-signal.ts';
import { parseCommandArgs, type ParsedCommandArgs } from '../parse-command-args.ts';
import { commandReach, launcherText } from '../printed-command.ts';
import { printWorkerJobs } from '../print-worker-jobs.ts';
import { queueVersionsTable } from '../queue-versions-table.ts';
import { queueAddress } from '../queue-address.ts';
import { recordedModulePath } from '../recorded-module.ts';
import { sessionValues } from '../session-values.ts';
import { signingKeyFromEnv } from '../signing-key.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { wholeNumberFlag } from '../whole-number-flag.ts';
import { loadWorkerVersions } from '../worker-versions.ts';

const USAGE = `usage: weft worker <module> --redis <url> --store <spec> [options]
       weft worker --versions --redis <url> --store <spec> [--queue-name <name>]

Runs the agent or graph a module exports for the jobs of a queue: the runs
and resumes that weft run --queue and weft resume --queue (or WeftQueue in an
application) send to it. Start as many as you like, on any machines: each job
runs on one of them, and its events go back to whoever follows the job. The
module and its export are chosen as weft run chooses them; the jobs name the
target by that export ("graph", "agent", "default", or --export's name).

options:
  --redis <url>           the Redis server of the queue: redis://[user:password@]host[:port][/db]
                          (rediss:// for TLS)
  --store <spec>          where the checkpoints go, the same for every worker and submitter:
                          postgres:<url> (machines) or sqlite:<file> (one machine); default $WEFT_STORE
  --concurrency <n>       how many jobs this worker runs at once (default 1)
  --queue-name <name>     the queue (default weft)
  --export <name>         the export to serve
  --also <module>         an older version of the module's graph, served beside it (repeat it,
                          oldest first; <module> is the newest): new threads run on the newest,
                          a thread on the version that wrote it
  --pinned-only           take only the jobs of threads pinned to a version this worker serves,
                          no new runs: a worker that keeps an old version's threads going
  --versions              print the queue's threads per target and version (open, done, waiting
                          jobs) and exit: a version nothing waits on can be retired
  --sweep-interval-ms <ms>
                          how often the queue's threads are swept for runs no job will continue
                          (their worker died and their job is gone): default 60000; 0 turns it off

With graphs compiled with onGraphMismatch: 'pin', a thread stays on the
version that wrote it: a job for a version this worker does not serve goes
to that version's queue, where a worker that serves it (--also, or
--pinned-only) takes it. An agent module's versions export (what
new Runner({ versions }) takes) goes to its agent's Runner, each --also
module's to its own: agent versions of one structure differ by their labels.

An agent's jobs start with the session values the module exports (export
const sessionValues = { … }) under the ones their sender gives; a resume
keeps the values its thread has and gets a default only for a key it lacks.

environment:
  WEFT_SIGNING_KEY        a secret of at least 32 bytes, the same on every worker of the queue:
                          the workers sign what they hand each other for distributed steps and
                          refuse what they did not sign (QUEUE_SIGNATURE_INVALID)
  WEFT_LEASE_TTL_MS       the thread lease of the runs (default 5000)

It prints one line once it takes jobs, then one when it starts a job and one
when the job ends. Ctrl-C or SIGTERM stops it gracefully: it takes no new
job, finishes the ones it runs, then exits with 0 (a second signal quits at
once; a job cut short is taken up by another worker from its last
checkpoint). Exit code 2 for a wrong command line (no --redis,
a store the workers cannot share, @weft/bullmq not installed).`;

const OPTIONS = {
  redis: { type: 'string' },
  store: { type: 'string' },
  concurrency: { type: 'string' },
  'queue-name': { type: 'string' },
  export: { type: 'string' },
  'sweep-interval-ms': { type: 'string' },
  also: { type: 'string', multiple: true },
  'pinned-only': { type: 'boolean' },
  versions: { type: 'boolean' },
} as const;

const example = (weft: string) => `e.g. ${weft} worker <module> --redis redis://127.0.0.1:6379 --store postgres:<url>`;

/** `weft worker <module>`: serves the module's agent or graph to a queue's jobs until SIGINT or SIGTERM; `--versions` counts its threads per version. */
export const workerCommand: Command = {
  name: 'worker',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('worker', args, OPTIONS, { names: ['module'], required: 0 }, io);
    const weft = launcherText(commandReach(io));
    // As parseCommandArgs says it for a command whose <module> is required: only --versions goes without one.
    if (!values.versions && positionals.length === 0)
      throw usageError('worker needs <module>', `${weft} worker --help shows how to call it`);
    if (values.redis === undefined) throw usageError('worker needs --redis <url>: the Redis server its jobs come from', example(weft));
    if (!values.versions) return serve(positionals[0]!, values, io);
    if (positionals.length > 0 || values.also || values['pinned-only'] || values.export)
      throw usageError(
        'worker --versions reads the queue and serves nothing',
        `drop <module>, --also, --pinned-only and --export: ${weft} worker --versions --redis <url> --store <spec>`,
      );
    return printVersions(values, io);
  },
};

type Values = ParsedCommandArgs<typeof OPTIONS>['values'];

/** `--versions`: queue.versions() as a table, on the store the workers share. */
async function printVersions(values: Values, io: CliIo): Promise<number> {
  const address = queueAddress('--redis', values.redis!, values['queue-name']);
  const opened = await openSharedStore('worker --versions', values.store, io, false);
  try {
    const { WeftQueue } = await loadBullmq();
    const queue = new WeftQueue({ queue: address.name, connection: address.connection.options, store: opened.store });
    try {
      io.stdout(queueVersionsTable(await queue.versions()));
      return 0;
    } finally {
      await queue.close();
    }
  } finally {
    await opened.close();
  }
}

/** Serves the module (and its `--also` versions) until a signal. */
async function serve(module: string, values: Values, io: CliIo): Promise<number> {
  const concurrency = positiveInteger(values.concurrency ?? '1');
  const leaseTtlMs = leaseTtlFromEnv(io.env);
  const signingKey = signingKeyFromEnv(io.env);
  const sweepIntervalMs = wholeNumberFlag('worker', 'sweep-interval-ms', values['sweep-interval-ms'], {
    unit: 'milliseconds',
    least: 0,
    example: 60_000,
  });
  const pinnedOnly = values['pinned-only'] === true;
  const address = queueAddress('--redis', values.redis!, values['queue-name']);
  const opened = await openSharedStore('worker', values.store, io, true);
  try {
    // @weft/bullmq before the module: once tsx is registered for a TypeScript module, every later import pays for its loader.
    const { WeftWorker } = await loadBullmq();
    const served = await loadWorkerVersions(io.cwd, { main: module, also: values.also ?? [] }, values.export, opened.store);
    const loaded = served.main;
    const name = loaded.kind === 'agent' ? loaded.agent.name : loaded.graph.name;
    // As every command that runs the module: its sessionValues are the defaults (a job's own values override them).
    const session = sessionValues('worker', loaded, undefined);
    const worker = new WeftWorker({
      queue: address.name,
      connection: address.connection.options,
      store: opened.store,
      targets: { [loaded.exportName]: served.targets.length === 1 ? served.targets[0]! : served.targets },
      // As `weft run` does: the thread names its module, so `weft resume` (here or through the queue) loads it by itself.
      context: { weft: { module: recordedModulePath(loaded.path, io), export: loaded.exportName } },
      concurrency,
      holder: cliHolder('worker'),
      ...(pinnedOnly ? { pinnedOnly } : {}),
      ...(leaseTtlMs === undefined ? {} : { leaseTtlMs }),
      ...(signingKey === undefined ? {} : { signingKey }),
      ...(sweepIntervalMs === undefined ? {} : { sweepIntervalMs }),
      ...(Object.keys(session).length > 0 ? { agentOptions: { sessionValues: session } } : {}),
    });
    // Listening from here: a signal while Redis is still out of reach closes the worker too.
    const stop = nextSignal();
    printWorkerJobs(worker, io);
    const ready = Promise.all([worker.bull, ...worker.pinned].map((w) => w.waitUntilReady())).then(() => 'ready' as const);
    ready.catch(() => {}); // a failure after a signal is no news: the worker closes anyway
    const signal = await Promise.race([ready, stop]);
    if (signal === 'ready') {
      const versions = served.labels.length > 1 ? ` · versions ${served.labels.join(', ')}` : '';
      const what = `target ${loaded.exportName} (${loaded.kind} ${name})${versions}${pinnedOnly ? ' · pinned only' : ''}`;
      const where = `${address.connection.label} · store ${opened.label}`;
      const signed = signingKey === undefined ? '' : ' · signed tasks';
      io.stdout(
        `${terminalSafe(`worker ready · queue ${address.name} · ${what} · ${where} · concurrency ${concurrency}${signed} · pid ${process.pid}`)}\n`,
      );
    }
    const received = signal === 'ready' ? await stop : signal;
    io.stdout(`${received}: finishing the active jobs (${received === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'} again quits at once)\n`);
    await worker.close();
    io.stdout('worker closed\n');
    return 0;
  } finally {
    await opened.close();
  }
}

function positiveInteger(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1)
    throw usageError(
      `worker: --concurrency ${JSON.stringify(text)} is not a number of jobs`,
      'give a whole number from 1, e.g. --concurrency 4',
    );
  return n;
}

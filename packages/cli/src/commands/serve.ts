import { resolve } from 'node:path';
import type { Command } from '../command.ts';
import { commandTarget } from '../command-target.ts';
import { moduleVersions } from '../module-versions.ts';
import type { CheckpointStore } from '@weft/graph';
import { usageError } from '../errors.ts';
import { tokenRequired } from '../listen-flags.ts';
import { loadBullmq, type Queue } from '../load-bullmq.ts';
import { loadModule } from '../load-module.ts';
import { loadStudio } from '../load-studio.ts';
import { nextSignal } from '../next-signal.ts';
import { openSharedStore } from '../open-shared-store.ts';
import { openStore } from '../open-store.ts';
import { DEFAULT_QUEUE_NAME, queueAddress } from '../queue-address.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { sessionValues } from '../session-values.ts';
import { STUDIO_OPTIONS, STUDIO_OPTIONS_USAGE, studioFlags } from '../studio-flags.ts';
import { recordedModulePath } from '../recorded-module.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { moduleMemoryBank } from '../module-memory-bank.ts';

const USAGE = `usage: weft serve <module> [options]

Opens Weft Studio on the agent or graph a module exports: a page (at /) with
the compiled graph, where runs start from an input box, light up the graph as
their events arrive, stop at interrupts you answer in the page (tool
approvals), and go back to any checkpoint to fork the thread; and the HTTP API
under it (/api, described at /api/openapi.json). Runs write the store as
weft run does, so weft resume, history and threads see the same threads.
Session values the module exports (export const sessionValues = { … }) are the
defaults of every run; --session overrides them. An agent module's versions
export (what new Runner({ versions }) takes) is its runs' graph version: its
label, migrations and mismatch policy, as weft run and weft resume apply it.

On loopback (the default 127.0.0.1) no token is needed unless you give one;
any other --host needs one. With a token, the printed address carries it
after # (the page reads it there; it is never sent as part of the URL), and
API clients send "Authorization: Bearer <token>". Runs until Ctrl-C or SIGTERM.

With --queue, runs and resumes go to the queue's workers (weft worker) as
jobs, and the page follows their events; the store must be the workers'
(--store postgres:<url>, or a SQLite file on this machine). A fork runs in
the studio's own process, so it needs the studio without --queue.

options:
${STUDIO_OPTIONS_USAGE}
  --queue <redis url>     run on the workers of this queue (redis://host:port) instead of in this process
  --queue-name <name>     the queue (default weft)

limits (each a whole number; past it, the request is refused and nothing runs):
  --max-runs <n>          runs, resumes and forks under way at once (default 32); more wait
  --max-queued-runs <n>   requests that wait for one (default 64; 0: none wait); past them 429 TOO_MANY_RUNS
  --max-body-bytes <n>    the largest request body (default 1048576: 1 MiB); larger is 413 BODY_TOO_LARGE
  --max-run-body-bytes <n>
                          the largest body of a run, which may carry attachments (default 20971520: 20 MiB)
  --max-content-bytes <n> bytes of images and files kept for the page (default 67108864: 64 MiB);
                          the least recently used go first
  --max-body-depth <n>    how deep a JSON body may nest, its own object being level 1 (default 64);
                          deeper is 400 BODY_TOO_DEEP
  --max-body-keys <n>     object keys and array items in one body (default 10000); more is 400 BODY_TOO_MANY_KEYS
  --max-follower-buffer <bytes>
                          events held for a client that reads them slower than the run emits
                          (default 4194304: 4 MiB); past them it is disconnected, and comes back with Last-Event-ID

Exit code 2 for a wrong command line or @weft/studio not installed.`;

const OPTIONS = {
  ...STUDIO_OPTIONS,
  queue: { type: 'string' },
  'queue-name': { type: 'string' },
} as const;

/** `weft serve <module>`: Weft Studio over the module's agent or graph. */
export const serveCommand: Command = {
  name: 'serve',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('serve', args, OPTIONS, { names: ['module'], required: 1 }, io);
    const { port, host, token, options } = await studioFlags('serve', values, io);
    if (values.streaming && values.queue !== undefined)
      throw usageError('serve: --streaming runs models in this process; with --queue the workers run them', 'drop --streaming or --queue');
    const { serveStudio } = await loadStudio();
    const loaded = await loadModule(resolve(io.cwd, positionals[0]!), values.export);
    const versions = moduleVersions(loaded);
    const session = sessionValues('serve', loaded, values.session);
    const memory = moduleMemoryBank('serve', loaded);
    const opened =
      values.queue === undefined
        ? await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: true })
        : await openSharedStore('serve --queue', values.store, io, true);
    const queue = values.queue === undefined ? undefined : await openQueue(values.queue, values['queue-name'], opened.store);
    try {
      const served = await serveStudio({
        ...options,
        target: commandTarget(loaded, opened.store),
        store: opened.store,
        port,
        host,
        sessionValues: session,
        context: { weft: { module: recordedModulePath(loaded.path, io), export: loaded.exportName } },
        ...(token ? { token } : {}),
        ...(queue ? { queue: { queue, target: loaded.exportName } } : {}),
        ...(memory ? { memory } : {}),
        ...(versions ? { versions } : {}),
      }).catch((err: unknown) => {
        throw (err as { code?: unknown }).code === 'TOKEN_REQUIRED' ? tokenRequired('serve', host, 'WEFT_STUDIO_TOKEN', err) : err;
      });
      const name = loaded.kind === 'agent' ? `agent ${loaded.agent.name}` : `graph ${loaded.graph.name}`;
      const via = values.queue === undefined ? '' : ` · queue ${values['queue-name'] ?? DEFAULT_QUEUE_NAME}`;
      io.stdout(`${terminalSafe(`studio ready · ${name} · store ${opened.label}${via} · pid ${process.pid}`)}\n`);
      io.stdout(`open ${served.url}${token ? `#token=${encodeURIComponent(token)}` : ''}\n`);
      const signal = await nextSignal();
      await served.close();
      io.stdout(`${signal}: closed\n`);
      return 0;
    } finally {
      await queue?.close();
      await opened.close();
    }
  },
};

/** The WeftQueue `--queue` names, over the workers' store. */
async function openQueue(url: string, name: string | undefined, store: CheckpointStore): Promise<Queue> {
  const address = queueAddress('--queue', url, name);
  const { WeftQueue } = await loadBullmq();
  return new WeftQueue({ queue: address.name, connection: address.connection.options, store });
}

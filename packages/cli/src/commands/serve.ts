import { resolve } from 'node:path';
import type { Command } from '../command.ts';
import { CliError, usageError } from '../errors.ts';
import { loadModule } from '../load-module.ts';
import { loadStudio } from '../load-studio.ts';
import { moduleSessionValues } from '../module-session-values.ts';
import { nextSignal } from '../next-signal.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { parseSessionValues } from '../parse-session-values.ts';
import { recordedModulePath } from '../recorded-module.ts';
import { terminalSafe } from '../terminal-safe.ts';

const USAGE = `usage: weft serve <module> [options]

Opens Weft Studio on the agent or graph a module exports: a page (at /) with
the compiled graph, where runs start from an input box, light up the graph as
their events arrive, stop at interrupts you answer in the page (tool
approvals), and go back to any checkpoint to fork the thread; and the HTTP API
under it (/api, described at /api/openapi.json). Runs write the store as
weft run does, so weft resume, history and threads see the same threads.
Session values the module exports (export const sessionValues = { … }) are the
defaults of every run; --session overrides them.

On loopback (the default 127.0.0.1) no token is needed unless you give one;
any other --host needs one. With a token, the printed address carries it
after # (the page reads it there; it is never sent as part of the URL), and
API clients send "Authorization: Bearer <token>". Runs until Ctrl-C or SIGTERM.

options:
  --port <n>              the port (default 4300; 0 picks a free one)
  --host <host>           the address (default 127.0.0.1); off loopback, a token is required
  --token <secret>        the bearer token (default: $WEFT_STUDIO_TOKEN)
  --store <spec>          sqlite:<file> | postgres:<url> | memory (default: $WEFT_STORE, else sqlite:.weft/weft.db)
  --session <key=value>   a session value for every run (repeatable; over the module's own)
  --export <name>         the export to serve

Exit code 2 for a wrong command line or @weft/studio not installed.`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  store: { type: 'string' },
  session: { type: 'string', multiple: true },
  export: { type: 'string' },
} as const;

/** `weft serve <module>`: Weft Studio over the module's agent or graph. */
export const serveCommand: Command = {
  name: 'serve',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('serve', args, OPTIONS, { names: ['module'], required: 1 });
    if (values.token === '')
      throw usageError('serve: --token is empty', 'pass the secret clients send as "Authorization: Bearer <secret>"');
    const token = values.token ?? (io.env['WEFT_STUDIO_TOKEN'] || undefined);
    if (token !== undefined && token.length < 8) throw usageError('serve: the token is shorter than 8 characters', 'use a longer secret');
    if (!/^\d+$/.test(values.port ?? '0') || Number(values.port ?? 0) > 65535)
      throw usageError(`serve: --port ${JSON.stringify(values.port)} is not a port`, 'e.g. --port 4300');
    const port = values.port === undefined ? 4300 : Number(values.port);
    const host = values.host ?? '127.0.0.1';
    const flagged = parseSessionValues(values.session ?? []);
    const { serveStudio } = await loadStudio();
    const loaded = await loadModule(resolve(io.cwd, positionals[0]!), values.export);
    const sessionValues = { ...moduleSessionValues(loaded.exports, positionals[0]!), ...flagged };
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: true });
    try {
      const served = await serveStudio({
        target: loaded.kind === 'agent' ? loaded.agent : loaded.graph,
        store: opened.store,
        port,
        host,
        sessionValues,
        context: { weft: { module: recordedModulePath(loaded.path, io), export: loaded.exportName } },
        ...(token ? { token } : {}),
      }).catch((err: unknown) => {
        throw (err as { code?: unknown }).code === 'TOKEN_REQUIRED' ? tokenRequired(host, err) : err;
      });
      const name = loaded.kind === 'agent' ? `agent ${loaded.agent.name}` : `graph ${loaded.graph.name}`;
      io.stdout(`${terminalSafe(`studio ready · ${name} · store ${opened.label} · pid ${process.pid}`)}\n`);
      io.stdout(`open ${served.url}${token ? `#token=${encodeURIComponent(token)}` : ''}\n`);
      const signal = await nextSignal();
      await served.close();
      io.stdout(`${signal}: closed\n`);
      return 0;
    } finally {
      await opened.close();
    }
  },
};

/** Serving off loopback without a token: a command-line error (exit code 2) that says how to give one. */
const tokenRequired = (host: string, cause: unknown): CliError =>
  new CliError(
    'USAGE',
    `serve: --host ${host} is not a loopback address: anyone who reaches it could run the module and read its threads, so it needs a token`,
    'pass --token <secret> (or set WEFT_STUDIO_TOKEN). Or drop --host to listen on 127.0.0.1 only',
    { cause },
  );

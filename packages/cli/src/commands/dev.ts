import { resolve } from 'node:path';
import { toRunTarget } from '@weft/agents';
import type { Command } from '../command.ts';
import { commandTarget } from '../command-target.ts';
import { moduleVersions } from '../module-versions.ts';
import { DevSession } from '../dev-session.ts';
import { freshImporter, type FreshModule } from '../fresh-import.ts';
import { tokenRequired } from '../listen-flags.ts';
import { loadModule } from '../load-module.ts';
import { loadStudio } from '../load-studio.ts';
import { nextSignal } from '../next-signal.ts';
import { openStore } from '../open-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { recordedModulePath } from '../recorded-module.ts';
import { sessionValues } from '../session-values.ts';
import { STUDIO_OPTIONS, STUDIO_OPTIONS_USAGE, studioFlags } from '../studio-flags.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { moduleMemoryBank } from '../module-memory-bank.ts';

const USAGE = `usage: weft dev <module> [options]

Weft Studio (as weft serve) on a module that you are editing: the module and
the files it imports by path are watched, and each save loads them again and
serves the new build, without a restart. Open pages redraw the graph in
place and keep the open thread; runs under way finish on the build they
started on, new ones use the new build. A save that does not load (a
syntax error, a missing export) keeps the previous build served and shows
the error in the terminal and the page; the next good save recovers.

A thread whose latest checkpoint another build of the graph wrote (the
nodes or edges changed) cannot resume on the new one: the terminal and the
page flag it with what changed, and resuming it is refused with
CHECKPOINT_GRAPH_MISMATCH. A change to an instruction, a description or a
tool's schema keeps the structure: threads resume.

Packages (imports by name) are loaded once: a change inside node_modules,
or to a linked package, needs a restart.

options:
${STUDIO_OPTIONS_USAGE}
  --max-…                 the limits of weft serve (see weft serve --help)

Exit code 2 for a wrong command line or @weft/studio not installed; 1 when
the module does not load at the start.`;

const OPTIONS = STUDIO_OPTIONS;

/** `weft dev <module>`: Weft Studio over the module, served again on every save. */
export const devCommand: Command = {
  name: 'dev',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('dev', args, OPTIONS, { names: ['module'], required: 1 }, io);
    const { port, host, token, options } = await studioFlags('dev', values, io);
    const studio = await loadStudio();
    const path = resolve(io.cwd, positionals[0]!);
    const fresh = await freshImporter();
    let first: FreshModule | undefined;
    const loaded = await loadModule(path, values.export, async (p) => (first = await fresh.load(p)).namespace);
    const versions = moduleVersions(loaded);
    const session = sessionValues('dev', loaded, values.session);
    const memory = moduleMemoryBank('dev', loaded);
    const opened = await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: true });
    const target = commandTarget(loaded, opened.store);
    try {
      const served = await studio
        .serveStudio({
          ...options,
          target,
          store: opened.store,
          port,
          host,
          sessionValues: session,
          context: { weft: { module: recordedModulePath(loaded.path, io), export: loaded.exportName } },
          ...(token ? { token } : {}),
          ...(memory ? { memory } : {}),
          ...(versions ? { versions } : {}),
        })
        .catch((err: unknown) => {
          throw (err as { code?: unknown }).code === 'TOKEN_REQUIRED' ? tokenRequired('dev', host, 'WEFT_STUDIO_TOKEN', err) : err;
        });
      const dev = new DevSession(
        {
          path,
          exportName: values.export,
          load: (p) => fresh.load(p),
          served,
          store: opened.store,
          io,
          describeChanges: studio.describeChanges,
        },
        {
          files: first?.files ?? [path],
          hash: toRunTarget(target, { store: opened.store, caller: 'weft dev', ...(versions ? { versions } : {}) }).graph.hash,
        },
      );
      const name = loaded.kind === 'agent' ? `agent ${loaded.agent.name}` : `graph ${loaded.graph.name}`;
      io.stdout(
        `${terminalSafe(`studio ready · ${name} · store ${opened.label} · watching ${dev.watching} file${dev.watching === 1 ? '' : 's'} · pid ${process.pid}`)}\n`,
      );
      io.stdout(`open ${served.url}${token ? `#token=${encodeURIComponent(token)}` : ''}\n`);
      const signal = await nextSignal();
      await dev.close();
      await served.close();
      io.stdout(`${signal}: closed\n`);
      return 0;
    } finally {
      await opened.close();
    }
  },
};

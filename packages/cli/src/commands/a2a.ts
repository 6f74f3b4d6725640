import { resolve } from 'node:path';
import { MemoryStore } from '@weft/graph';
import type { Command } from '../command.ts';
import { commandTarget } from '../command-target.ts';
import { listenFlags, tokenRequired } from '../listen-flags.ts';
import { loadModule } from '../load-module.ts';
import { loadOptional } from '../load-optional.ts';
import { nextSignal } from '../next-signal.ts';
import { openStore } from '../open-store.ts';
import { openTaskStore } from '../open-task-store.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { sessionValues } from '../session-values.ts';
import { terminalSafe } from '../terminal-safe.ts';

const USAGE = `usage: weft a2a <module> [options]

Serves the agent or graph a module exports as an A2A (Agent2Agent) agent
over JSON-RPC, for other agents and A2A clients: its agent card is at
http://<host>:<port>/.well-known/agent-card.json (name, description, a skill
per agent and tool), and it answers A2A 1.0's SendMessage and
SendStreamingMessage and 0.3's message/send and message/stream. A task's
context is a thread: a later task in the same context continues it. When a
run stops at an interrupt (a tool approval, a question), the task is
input-required with the interrupt and its resume schema; the client's next
message on the task is the answer. Cancelling a task stops the run at its
next step. It serves until Ctrl-C or SIGTERM.

With a durable --store, the tasks are kept beside the threads (in the same
SQLite file or PostgreSQL database), so a task left input-required outlives
a restart: the client's answer to it, sent to the next server on that store,
resumes the run where it stopped. @weft/a2a creates the task table
(a2a_tasks) at start, with the store's driver (better-sqlite3 or pg).

With a token, every request must carry "Authorization: Bearer <token>"
(else 401). On loopback (the default 127.0.0.1) a request must name the
server in its Host header (else 403: DNS rebinding); any other --host
(0.0.0.0, a LAN address) needs a token.

options:
  --port <n>              the port (default 4100; 0 picks a free one)
  --host <host>           the address (default 127.0.0.1); off loopback, a token is required
  --token <secret>        the bearer token clients must send (default: $WEFT_A2A_TOKEN)
  --store <spec>          keep the threads' checkpoints (sqlite:<file>, postgres:<url>); default: in memory
  --task-store <spec>     keep the A2A tasks (sqlite:<file>, postgres:<url>, memory); default: beside the
                          threads when --store is durable (table a2a_tasks), else in memory
  --session <key=value>   a session value for an agent's runs (repeatable; over the module's sessionValues export)
  --export <name>         the export to serve

Exit code 2 for a wrong command line or @weft/a2a not installed.`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  store: { type: 'string' },
  'task-store': { type: 'string' },
  session: { type: 'string', multiple: true },
  export: { type: 'string' },
} as const;

/** `weft a2a <module>`: the module's agent or graph as an A2A agent over HTTP. */
export const a2aCommand: Command = {
  name: 'a2a',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('a2a', args, OPTIONS, { names: ['module'], required: 1 }, io);
    const { port, host, token } = listenFlags('a2a', values, io.env, { tokenEnv: 'WEFT_A2A_TOKEN', defaultPort: 4100 });
    const opened = values.store === undefined ? undefined : await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: true });
    try {
      // Loaded only here: it brings the A2A SDK and express, which a project that does not serve A2A does not install.
      const a2a = await loadOptional<typeof import('@weft/a2a')>('@weft/a2a', 'A2A_UNAVAILABLE', 'weft a2a');
      const loaded = await loadModule(resolve(io.cwd, positionals[0]!), values.export);
      const store = opened?.store ?? new MemoryStore();
      const tasks = await openTaskStore({
        flag: values['task-store'],
        threads: opened,
        env: io.env,
        cwd: io.cwd,
        databaseTaskStore: a2a.databaseTaskStore,
      });
      try {
        const served = await a2a
          .serveA2A(commandTarget(loaded, store), {
            port,
            host,
            store,
            sessionValues: sessionValues('a2a', loaded, values.session),
            ...(tasks.taskStore ? { taskStore: tasks.taskStore } : {}),
            ...(token ? { token } : {}),
          })
          .catch((err: unknown) => {
            throw (err as { code?: unknown }).code === 'TOKEN_REQUIRED' ? tokenRequired('a2a', host, 'WEFT_A2A_TOKEN', err) : err;
          });
        const name = loaded.kind === 'agent' ? `agent ${loaded.agent.name}` : `graph ${loaded.graph.name}`;
        const where = `${served.url}${token ? ' · bearer token' : ''}`;
        const kept = `store ${opened?.label ?? 'memory'} · tasks ${tasks.label}`;
        io.stdout(`${terminalSafe(`a2a ready · ${name} · ${where} · ${kept} · pid ${process.pid}`)}\n`);
        const signal = await nextSignal();
        await served.close();
        io.stdout(`${signal}: closed\n`);
        return 0;
      } finally {
        await tasks.close();
      }
    } finally {
      await opened?.close();
    }
  },
};

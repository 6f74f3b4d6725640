import { resolve } from 'node:path';
import type { Command } from '../command.ts';
import { commandTarget } from '../command-target.ts';
import { moduleVersions } from '../module-versions.ts';
import { usageError } from '../errors.ts';
import { listenFlags, tokenRequired } from '../listen-flags.ts';
import { loadMcp } from '../load-mcp.ts';
import { MemoryStore } from '@weft/graph';
import { loadModule } from '../load-module.ts';
import { openStore } from '../open-store.ts';
import { nextSignal } from '../next-signal.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { sessionValues } from '../session-values.ts';
import { terminalSafe } from '../terminal-safe.ts';
import { wholeNumberFlag } from '../whole-number-flag.ts';

const USAGE = `usage: weft mcp <module> [options]

Serves the agent or graph a module exports as a Model Context Protocol
server with one tool, for MCP clients (desktop assistants, IDEs, other
agents). An agent's tool takes { query }; a graph's takes its input. When a
run stops at an interrupt (a tool approval, a question), the client is asked
through elicitation and the run goes on with the answer; a client that cannot
elicit gets a tool error naming the interrupt.
An agent module's versions export (what new Runner({ versions }) takes)
is its runs' graph version: their threads carry its label.

By default it speaks over stdin and stdout, as MCP clients that start their
servers expect; it then prints nothing on stdout but the protocol, and ends
when the client closes stdin. With --http it serves Streamable HTTP at
http://<host>:<port>/mcp until Ctrl-C or SIGTERM. With a token, every HTTP
request must carry "Authorization: Bearer <token>" (else 401). On loopback
(the default 127.0.0.1) a request must name the server in its Host header
(else 403: DNS rebinding); any other --host (0.0.0.0, a LAN address) needs a
token.

options:
  --http                  serve Streamable HTTP instead of stdio
  --port <n>              the HTTP port (default 3000; 0 picks a free one)
  --host <host>           the HTTP address (default 127.0.0.1); off loopback, a token is required
  --token <secret>        the bearer token HTTP clients must send (default: $WEFT_MCP_TOKEN)
  --max-sessions <n>      HTTP client sessions kept at once (default 1000); a new one closes the one
                          idle longest, and is refused (503) when every session is in a request
  --session-idle-ms <ms>  close an HTTP session after this long without a request (default 600000:
                          10 minutes); its client then starts a new one
  --store <spec>          keep the runs' checkpoints (sqlite:<file>, postgres:<url>); default: in memory
  --session <key=value>   a session value for an agent's runs (repeatable)
  --export <name>         the export to serve

Exit code 2 for a wrong command line or @weft/mcp not installed.`;

const OPTIONS = {
  http: { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  'max-sessions': { type: 'string' },
  'session-idle-ms': { type: 'string' },
  store: { type: 'string' },
  session: { type: 'string', multiple: true },
  export: { type: 'string' },
} as const;

/** `weft mcp <module>`: the module's agent or graph as an MCP server, over stdio or HTTP. */
export const mcpCommand: Command = {
  name: 'mcp',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('mcp', args, OPTIONS, { names: ['module'], required: 1 }, io);
    const http = values.http === true;
    if (!http && (values.port !== undefined || values.host !== undefined))
      throw usageError('mcp: --port and --host are for --http', 'add --http to serve over HTTP, or drop them to serve over stdio');
    if (!http && values.token !== undefined)
      throw usageError('mcp: --token is for --http', 'add --http to serve over HTTP; over stdio the client starts the server itself');
    const sessions = sessionFlags(values, http);
    const { port, host, token } = listenFlags('mcp', values, io.env, { tokenEnv: 'WEFT_MCP_TOKEN', defaultPort: 3000 });
    const opened = values.store === undefined ? undefined : await openStore({ flag: values.store, env: io.env, cwd: io.cwd, create: true });
    try {
      const { serveMcp } = await loadMcp();
      const loaded = await loadModule(resolve(io.cwd, positionals[0]!), values.export);
      const versions = moduleVersions(loaded);
      // Without --store, each call's thread lives in memory, as the ready line says.
      const target = commandTarget(loaded, opened?.store ?? new MemoryStore());
      const common = {
        ...(opened ? { store: opened.store } : {}),
        sessionValues: sessionValues('mcp', loaded, values.session),
        ...(versions ? { versions } : {}),
      };
      const served = await serveMcp(
        target,
        http ? { ...common, ...sessions, transport: 'http', port, host, ...(token ? { token } : {}) } : { ...common, transport: 'stdio' },
      ).catch((err: unknown) => {
        throw (err as { code?: unknown }).code === 'TOKEN_REQUIRED' ? tokenRequired('mcp', host, 'WEFT_MCP_TOKEN', err) : err;
      });
      const name = loaded.kind === 'agent' ? `agent ${loaded.agent.name}` : `graph ${loaded.graph.name}`;
      // Over stdio, stdout is the protocol's: the line goes to stderr.
      const say = http ? io.stdout : io.stderr;
      const where = `${served.url ?? 'stdio'}${http && token ? ' · bearer token' : ''}`;
      say(`${terminalSafe(`mcp ready · ${name} · ${where} · store ${opened?.label ?? 'memory'} · pid ${process.pid}`)}\n`);
      const signal = await Promise.race([served.closed.then(() => undefined), nextSignal()]);
      await served.close();
      if (signal) say(`${signal}: closed\n`);
      return 0;
    } finally {
      await opened?.close();
    }
  },
};

/** `--max-sessions` and `--session-idle-ms`: serveMcp's `maxSessions` and `sessionIdleMs`, for --http only. */
function sessionFlags(
  values: { 'max-sessions'?: string | undefined; 'session-idle-ms'?: string | undefined },
  http: boolean,
): { maxSessions?: number; sessionIdleMs?: number } {
  if (!http && (values['max-sessions'] !== undefined || values['session-idle-ms'] !== undefined))
    throw usageError(
      'mcp: --max-sessions and --session-idle-ms are for --http',
      'add --http to serve over HTTP; over stdio there is one client, and its session lasts as long as it runs the server',
    );
  const maxSessions = wholeNumberFlag('mcp', 'max-sessions', values['max-sessions'], { unit: 'sessions', least: 1, example: 1000 });
  const sessionIdleMs = wholeNumberFlag('mcp', 'session-idle-ms', values['session-idle-ms'], {
    unit: 'milliseconds',
    least: 1,
    example: 600_000,
  });
  return { ...(maxSessions === undefined ? {} : { maxSessions }), ...(sessionIdleMs === undefined ? {} : { sessionIdleMs }) };
}

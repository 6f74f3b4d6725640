import type { Command } from './command.ts';

/** A command as `weft --help` lists it, and how to load it. */
export interface CommandEntry {
  name: string;
  /** One line for `weft --help`. */
  summary: string;
  load: () => Promise<Command>;
}

/**
 * Every `weft` command, in the order `weft --help` lists them. A command's
 * module is imported only when it runs: `weft --help` loads none, `weft graph`
 * loads the drawing and not the stores, and no command pays for another's
 * imports (@weft/graph alone takes about 100 ms to load).
 */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'init', summary: 'create a new project that uses Weft', load: async () => (await import('./commands/init.ts')).initCommand },
  { name: 'run', summary: 'run the agent or graph a module exports', load: async () => (await import('./commands/run.ts')).runCommand },
  {
    name: 'resume',
    summary: 'continue a thread at its interrupts (or after a failure)',
    load: async () => (await import('./commands/resume.ts')).resumeCommand,
  },
  {
    name: 'worker',
    summary: "run a module's agent or graph for the jobs of a queue (Redis)",
    load: async () => (await import('./commands/worker.ts')).workerCommand,
  },
  {
    name: 'schedule',
    summary: "add, list and remove a queue's schedules: runs of a target on a cron pattern or a period",
    load: async () => (await import('./commands/schedule.ts')).scheduleCommand,
  },
  {
    name: 'mcp',
    summary: "serve a module's agent or graph as an MCP server (stdio or HTTP)",
    load: async () => (await import('./commands/mcp.ts')).mcpCommand,
  },
  {
    name: 'a2a',
    summary: "serve a module's agent or graph as an A2A agent (HTTP)",
    load: async () => (await import('./commands/a2a.ts')).a2aCommand,
  },
  {
    name: 'serve',
    summary: "open Weft Studio: run, watch, approve and rewind a module's threads in the browser",
    load: async () => (await import('./commands/serve.ts')).serveCommand,
  },
  {
    name: 'dev',
    summary: 'open Weft Studio on a module you are editing: each save is served again, without a restart',
    load: async () => (await import('./commands/dev.ts')).devCommand,
  },
  {
    name: 'history',
    summary: "list a thread's checkpoints, newest first",
    load: async () => (await import('./commands/history.ts')).historyCommand,
  },
  { name: 'threads', summary: 'list the threads of a store', load: async () => (await import('./commands/threads.ts')).threadsCommand },
  {
    name: 'memory',
    summary: 'list, search, read, write and delete the memory items beside the checkpoints',
    load: async () => (await import('./commands/memory.ts')).memoryCommand,
  },
  {
    name: 'graph',
    summary: 'draw an agent or graph (mermaid, dot, json, html)',
    load: async () => (await import('./commands/graph.ts')).graphCommand,
  },
  {
    name: 'migrate',
    summary: "move a store's paused threads to the graph version a module has now: plan, apply, test against fixtures",
    load: async () => (await import('./commands/migrate.ts')).migrateCommand,
  },
  {
    name: 'replay',
    summary: "turn a thread's checkpoints, or a recorded run, into an HTML replay",
    load: async () => (await import('./commands/replay.ts')).replayCommand,
  },
  {
    name: 'eval',
    summary: "run a module's eval: score its cases, report them (table, JSON, JUnit, HTML) and gate CI on thresholds",
    load: async () => (await import('./commands/eval.ts')).evalCommand,
  },
  {
    name: 'bench',
    summary: 'run the benchmark harness (in a checkout of the repository)',
    load: async () => (await import('./commands/bench.ts')).benchCommand,
  },
];

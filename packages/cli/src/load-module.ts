import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Agent } from '@weft/agents';
import type { CompiledGraph } from '@weft/graph';
import { closestName } from './closest-name.ts';
import { CliError } from './errors.ts';
import { moduleLoadFailure } from './module-load-failure.ts';
import { isTypeScript, registerTypeScript } from './register-typescript.ts';

/** What a module gave the command to run: an agent tree or a compiled graph, where it came from, and its other exports. */
export type LoadedModule = { path: string; exportName: string; exports: Readonly<Record<string, unknown>> } & (
  { kind: 'agent'; agent: Agent } | { kind: 'graph'; graph: CompiledGraph<unknown, unknown, unknown> }
);

/** The exports tried, in order, when `--export` is not given. */
export const DEFAULT_EXPORTS = ['agent', 'graph', 'default'] as const;

/**
 * Imports a module (TypeScript through the tsx loader the binary registers, or
 * JavaScript) and takes the export to run: `exportName`, else the first of
 * `agent`, `graph`, `default` that is an Agent or a CompiledGraph. Recognised
 * by shape, not `instanceof`, so a module with its own copy of @weft works.
 */
export async function loadModule(path: string, exportName?: string): Promise<LoadedModule> {
  checkFile(path);
  let ns: Record<string, unknown>;
  try {
    if (isTypeScript(path)) await registerTypeScript();
    ns = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (err) {
    throw moduleLoadFailure(path, err);
  }
  const names = exportName !== undefined ? [exportName] : DEFAULT_EXPORTS;
  for (const name of names) {
    const loaded = asRunnable(ns[name]);
    if (loaded) return { ...loaded, path, exportName: name, exports: ns };
  }
  throw noUsableExport(path, ns, exportName);
}

function checkFile(path: string): void {
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new CliError('MODULE_NOT_FOUND', `no module at ${path}`, 'check the path (relative paths start from the current folder)');
  }
  if (!isFile) throw new CliError('MODULE_NOT_FOUND', `${path} is not a file`, 'pass the .ts or .js file that exports the agent or graph');
}

function asRunnable(value: unknown): { kind: 'agent'; agent: Agent } | { kind: 'graph'; graph: CompiledGraph } | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (['run', 'resume', 'withStore'].every((m) => typeof v[m] === 'function')) return { kind: 'graph', graph: value as CompiledGraph };
  if (typeof v['kind'] === 'string' && typeof v['name'] === 'string') return { kind: 'agent', agent: value as Agent };
  return undefined;
}

function noUsableExport(path: string, ns: Record<string, unknown>, exportName: string | undefined): CliError {
  const listed = Object.keys(ns).map((name) => `${name} (${describe(ns[name])})`);
  const exportsText = listed.length ? listed.join(', ') : 'none';
  // Exports that would run: an agent or a graph under a name of the author's choosing.
  const runnable = Object.keys(ns).filter((name) => asRunnable(ns[name]) !== undefined);
  if (exportName !== undefined && !(exportName in ns)) {
    const guess = closestName(exportName, runnable.length ? runnable : Object.keys(ns));
    return new CliError(
      'EXPORT_NOT_USABLE',
      `${path} has no export "${exportName}"; its exports: ${exportsText}`,
      guess ? `did you mean --export ${guess}?` : 'name one of them with --export',
    );
  }
  const message =
    exportName !== undefined
      ? `export "${exportName}" of ${path} is ${describe(ns[exportName])}, not an agent or a compiled graph`
      : `${path} exports no agent or compiled graph as ${DEFAULT_EXPORTS.join(', ')}; its exports: ${exportsText}`;
  const hint =
    runnable.length === 1
      ? `its export ${runnable[0]} is ${describe(ns[runnable[0]!])}: pass --export ${runnable[0]}`
      : runnable.length > 1
        ? `name the one to use: --export ${runnable.join(' | --export ')}`
        : 'export an Agent or a CompiledGraph (graph(…).compile()) and name it with --export <name>';
  return new CliError('EXPORT_NOT_USABLE', message, hint);
}

function describe(value: unknown): string {
  const runnable = asRunnable(value);
  if (runnable) return runnable.kind === 'agent' ? `an agent (${runnable.agent.name})` : `a compiled graph (${runnable.graph.name})`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const kind = (value as { kind?: unknown }).kind;
  const name = value.constructor?.name;
  return typeof kind === 'string' ? `an object of kind "${kind}"` : name && name !== 'Object' ? `a ${name}` : 'an object';
}

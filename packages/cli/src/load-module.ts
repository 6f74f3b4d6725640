import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { CliError } from './errors.ts';
import { moduleLoadFailure } from './module-load-failure.ts';
import { DEFAULT_EXPORTS, noUsableExport } from './no-usable-export.ts';
import { isTypeScript, registerTypeScript } from './register-typescript.ts';
import { runnableExport, type RunnableExport } from './runnable-export.ts';

/** What a module gave the command to run: an agent tree or a compiled graph, where it came from, and its other exports. */
export type LoadedModule = { path: string; exportName: string; exports: Readonly<Record<string, unknown>> } & RunnableExport;

/**
 * Imports a module (TypeScript through the tsx loader the binary registers, or
 * JavaScript) and takes the export to run: `exportName`, else the first of
 * `agent`, `graph`, `default` that is an Agent or a CompiledGraph (see
 * runnableExport: made by the agent functions or compile(), not merely
 * shaped like them, so a tool is no agent). Anything else is
 * EXPORT_NOT_USABLE (or MODULE_IS_COMMONJS) with the exports listed.
 * `importModule` imports it (default: Node's import, which evaluates a file
 * once per process; `weft dev` passes one that evaluates it afresh).
 */
export async function loadModule(path: string, exportName?: string, importModule: ImportModule = importFile): Promise<LoadedModule> {
  const ns = await importNamespace(path, importModule);
  const names = exportName !== undefined ? [exportName] : DEFAULT_EXPORTS;
  for (const name of names) {
    const loaded = runnableExport(ns[name]);
    if (loaded) return { ...loaded, path, exportName: name, exports: ns };
  }
  throw noUsableExport(path, ns, exportName);
}

/**
 * A module's namespace, whatever it exports: MODULE_NOT_FOUND when there is
 * no such file, MODULE_LOAD_FAILED (or a more precise code) when importing
 * it throws. TypeScript goes through the tsx loader, registered first.
 */
export async function importNamespace(path: string, importModule: ImportModule = importFile): Promise<Record<string, unknown>> {
  checkFile(path);
  try {
    if (isTypeScript(path)) await registerTypeScript();
    return await importModule(path);
  } catch (err) {
    throw moduleLoadFailure(path, err);
  }
}

/** How a module's namespace is imported: Node's import (cached by URL), or `weft dev`'s fresh evaluation. */
export type ImportModule = (path: string) => Promise<Record<string, unknown>>;

const importFile: ImportModule = async (path) => (await import(pathToFileURL(path).href)) as Record<string, unknown>;

function checkFile(path: string): void {
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    throw new CliError('MODULE_NOT_FOUND', `no module at ${path}`, 'check the path (relative paths start from the current folder)');
  }
  if (!isFile) throw new CliError('MODULE_NOT_FOUND', `${path} is not a file`, 'pass the .ts or .js file that exports the agent or graph');
}

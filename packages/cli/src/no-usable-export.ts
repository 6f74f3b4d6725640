import { closestName } from './closest-name.ts';
import { commonJsModule } from './commonjs-module.ts';
import { describeExport, isAgentPart } from './describe-export.ts';
import { CliError } from './errors.ts';
import { runnableExport } from './runnable-export.ts';

/** The exports tried, in order, when `--export` is not given. */
export const DEFAULT_EXPORTS = ['agent', 'graph', 'default'] as const;

/** Keys of a module namespace that are no export of the author's: Node 22+ adds `module.exports` to a CommonJS module's. */
const NOT_EXPORTS = new Set(['module.exports']);

/**
 * Why a module gave nothing to run, with its exports listed: a module loaded
 * as CommonJS whose exports arrived as one default object (MODULE_IS_COMMONJS,
 * with what to change), a mistyped `--export` (the nearest name), an
 * export that is not an agent or a graph, or none that is. The hint names
 * the `--export` that runs one under another name, or says that a tool runs
 * inside an agent.
 */
export function noUsableExport(path: string, ns: Readonly<Record<string, unknown>>, exportName: string | undefined): CliError {
  const names = Object.keys(ns).filter((name) => !NOT_EXPORTS.has(name));
  const commonJs = commonJsFailure(path, ns, names);
  if (commonJs) return commonJs;
  const exportsText = listed(ns, names);
  // Exports that would run: an agent or a graph under a name of the author's choosing.
  const runnable = names.filter((name) => runnableExport(ns[name]) !== undefined);
  if (exportName !== undefined && !names.includes(exportName)) {
    const guess = closestName(exportName, runnable.length ? runnable : names);
    return new CliError(
      'EXPORT_NOT_USABLE',
      `${path} has no export "${exportName}"; its exports: ${exportsText}`,
      guess ? `did you mean --export ${guess}?` : 'name one of them with --export',
    );
  }
  const message =
    exportName !== undefined
      ? `export "${exportName}" of ${path} is ${describeExport(ns[exportName])}, not an agent or a compiled graph`
      : `${path} exports no agent or compiled graph as ${DEFAULT_EXPORTS.join(', ')}; its exports: ${exportsText}`;
  return new CliError('EXPORT_NOT_USABLE', message, hint(ns, names, runnable));
}

function hint(ns: Readonly<Record<string, unknown>>, names: string[], runnable: string[]): string {
  if (runnable.length === 1) return `its export ${runnable[0]} is ${describeExport(ns[runnable[0]!])}: pass --export ${runnable[0]}`;
  if (runnable.length > 1) return `name the one to use: --export ${runnable.join(' | --export ')}`;
  const parts = names.filter((name) => isAgentPart(ns[name]));
  if (parts.length > 0)
    return `a tool runs inside an agent: give it to one (chatModelAgent({ …, tools: [${parts.join(', ')}] })) and export the agent`;
  return 'export an Agent or a CompiledGraph (graph(…).compile()) and name it with --export <name>';
}

/**
 * A module Node loaded as CommonJS whose only export is the default object
 * (its `module.exports`): said as such, with the object's properties and
 * the change that makes it an ES module.
 */
function commonJsFailure(path: string, ns: Readonly<Record<string, unknown>>, names: string[]): CliError | undefined {
  const whole = ns['default'];
  if (names.length !== 1 || names[0] !== 'default' || whole === null || typeof whole !== 'object' || runnableExport(whole))
    return undefined;
  const commonJs = commonJsModule(path);
  if (commonJs === undefined) return undefined;
  const properties = whole as Record<string, unknown>;
  return new CliError(
    'MODULE_IS_COMMONJS',
    `${path} was loaded as CommonJS (${commonJs.why}), so its exports reach weft as one default object: ${listed(properties, Object.keys(properties))}`,
    commonJs.fix,
    { details: { module: path } },
  );
}

const listed = (values: Readonly<Record<string, unknown>>, names: string[]): string =>
  names.length ? names.map((name) => `${name} (${describeExport(values[name])})`).join(', ') : 'none';

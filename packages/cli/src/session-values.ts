import { CliError, usageError } from './errors.ts';
import type { RunnableExport } from './runnable-export.ts';
import { parseSessionValues } from './parse-session-values.ts';

/** The module a command runs, as far as its session values go. */
export interface SessionModule {
  path: string;
  exports: Readonly<Record<string, unknown>>;
  kind: RunnableExport['kind'];
}

/**
 * The session values a command gives a run of the module, the same in
 * run, resume, serve, mcp and the queue's submitters: the module's
 * `export const sessionValues = { company: 'Acme' }` are the defaults,
 * `--session key=value` flags override them. An agent whose instruction
 * needs them then runs the same from every command.
 *
 * `saved` is the session a resumed thread has already: a default fills a
 * key it lacks (a run from before the module declared it), never one it
 * has, which the run chose. A graph has no session: `--session` for one is
 * a usage error and its `sessionValues` export is not read. An export that
 * is not a plain object of values is EXPORT_NOT_USABLE.
 */
export function sessionValues(
  command: string,
  module: SessionModule,
  flags: readonly string[] | undefined,
  saved: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const given = parseSessionValues(flags ?? []);
  if (module.kind === 'graph') {
    if (Object.keys(given).length > 0)
      throw usageError(`${command}: --session is for agents`, 'a graph takes its data in its input and keeps it in its state');
    return {};
  }
  const defaults = Object.entries(declaredValues(module)).filter(([key]) => !Object.hasOwn(saved, key));
  return { ...Object.fromEntries(defaults), ...given };
}

/** The module's `sessionValues` export, checked: a plain object, or nothing. */
function declaredValues(module: SessionModule): Record<string, unknown> {
  const declared = module.exports['sessionValues'];
  if (declared === undefined) return {};
  if (declared === null || typeof declared !== 'object' || Array.isArray(declared) || Object.getPrototypeOf(declared) !== Object.prototype)
    throw new CliError(
      'EXPORT_NOT_USABLE',
      `${module.path} exports sessionValues, but it is not an object of values`,
      'export it as { key: value, … }',
    );
  return declared as Record<string, unknown>;
}

import { closestName } from './closest-name.ts';
import { describeExport } from './describe-export.ts';
import { CliError, usageError } from './errors.ts';

/** What `weft eval` needs of an eval definition to pick it: the mark `defineEval` sets, and the eval's name. */
export interface NamedEval {
  readonly kind: 'weft.eval';
  readonly name: string;
}

/**
 * The eval a module exports, as `weft eval` picks it: the only export that
 * is an eval definition (`defineEval(…)`), or, with several, the one
 * `--eval <name>` names — by the eval's name or by the export's. No eval is
 * EVAL_NOT_FOUND with the module's exports listed; several without `--eval`
 * is a usage error listing them; an `--eval` that names none suggests the
 * closest.
 */
export function evalExport<D extends NamedEval>(
  path: string,
  ns: Readonly<Record<string, unknown>>,
  wanted: string | undefined,
  isEval: (value: unknown) => value is D,
): { exportName: string; definition: D } {
  // Node 22+ adds `module.exports` to a CommonJS module's namespace: no export of the author's.
  // Sorted as Node's own namespaces are, so the lists read the same under any loader.
  const names = Object.keys(ns)
    .filter((name) => name !== 'module.exports')
    .sort();
  const evals = names.filter((name) => isEval(ns[name])).map((exportName) => ({ exportName, definition: ns[exportName] as D }));
  const listed = evals.map((e) => `${e.definition.name} (export ${e.exportName})`).join(', ');
  if (evals.length === 0) {
    const exportsText = names.length ? names.map((name) => `${name} (${describeExport(ns[name])})`).join(', ') : 'none';
    throw new CliError(
      'EVAL_NOT_FOUND',
      `${path} exports no eval; its exports: ${exportsText}`,
      'export one made by defineEval: export const myEval = defineEval({ name, target, cases, scorers })',
    );
  }
  if (wanted === undefined) {
    if (evals.length === 1) return evals[0]!;
    throw usageError(
      `${path} exports ${evals.length} evals: ${listed}`,
      `pick one: ${evals.map((e) => `--eval ${e.definition.name}`).join(' | ')}`,
    );
  }
  const chosen = evals.filter((e) => e.definition.name === wanted || e.exportName === wanted);
  if (chosen.length === 1) return chosen[0]!;
  const guess = closestName(
    wanted,
    evals.flatMap((e) => [e.definition.name, e.exportName]),
  );
  throw new CliError(
    'EVAL_NOT_FOUND',
    `${path} has no eval named "${wanted}"${chosen.length > 1 ? ' alone (several match)' : ''}; its evals: ${listed}`,
    guess && chosen.length === 0 ? `did you mean --eval ${guess}?` : 'name one of them with --eval (the eval name or its export)',
  );
}

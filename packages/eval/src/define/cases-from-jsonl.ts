import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkWithSchemaSync, type StandardSchemaV1 } from '@weft/graph';
import { EvalError } from '../errors.ts';
import { caseProblems } from './case-problems.ts';
import type { EvalCase } from './eval-case.ts';

export interface CasesFromJsonlOptions {
  /**
   * A Standard Schema (Zod, Valibot, ArkType) each line must satisfy, for a
   * dataset's own fields; what it outputs must still be a case.
   */
  schema?: StandardSchemaV1;
}

/**
 * Reads an eval's cases from a JSONL file, one case per line (blank lines
 * and lines starting with `//` are skipped). Read at once, when the eval
 * module loads, so a bad dataset stops the eval before anything runs: every
 * problem of every line is reported in one INVALID_CASE error, each as
 * `file:line: field: what is wrong`.
 *
 * @example
 * export default defineEval({ name: 'support', target, scorers, cases: casesFromJsonl(new URL('./cases.jsonl', import.meta.url)) });
 */
export function casesFromJsonl(file: string | URL, options: CasesFromJsonlOptions = {}): EvalCase[] {
  const path = typeof file === 'string' ? file : fileURLToPath(file);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new EvalError('INVALID_CASE', `cannot read the cases file ${path}: ${(err as Error).message}`, { cause: err });
  }
  const cases: EvalCase[] = [];
  const problems: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('//')) return;
    const where = `${path}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch (err) {
      problems.push(`${where}: not JSON (${(err as Error).message})`);
      return;
    }
    if (options.schema) {
      const checked = checkWithSchemaSync(options.schema, value, where);
      if (!checked.ok) {
        problems.push(`${where}: ${checked.message}`);
        return;
      }
      value = checked.value;
    }
    const found = caseProblems(value);
    if (found.length > 0) problems.push(...found.map((p) => `${where}: ${p.field}: ${p.message}`));
    else cases.push(value as EvalCase);
  });
  if (problems.length > 0)
    throw new EvalError('INVALID_CASE', `${problems.length} problem(s) in ${path}:\n${problems.join('\n')}`, {
      details: { file: path, problems },
    });
  return cases;
}

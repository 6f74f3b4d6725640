import { toRunTarget } from '@weft/agents';
import { EvalError } from '../errors.ts';
import type { Scorer } from '../scorers/scorer.ts';
import { subjectOf } from '../run/subject-of.ts';
import { caseProblems } from './case-problems.ts';
import { trajectoryProblems } from './check-expected-trajectory.ts';
import type { EvalDefinition, EvalDefinitionInput, EvalThresholds } from './eval-definition.ts';
import { graphCapabilities } from './graph-capabilities.ts';

/**
 * Defines an eval: a target (an agent, a compiled graph, or a factory that
 * builds one per case from the case's models), its cases and its scorers.
 * Everything is checked here, before any case runs: the cases' fields
 * (INVALID_CASE, every problem at once), unique ids, scorers and thresholds
 * (INVALID_EVAL), and each expected trajectory against the compiled graph —
 * a tool, an agent or a transfer the graph cannot produce is
 * TRAJECTORY_UNREACHABLE, not a case that fails later.
 *
 * @example
 * export const supportEval = defineEval({
 *   name: 'support',
 *   target: ({ model }) => supportAgent(() => model(liveModel)),
 *   cases: [{ id: 'refund', input: 'Refund INV-1042', answers: { '*tool:refund:*': { approved: true } },
 *             expected: { trajectory: [{ tool: 'refund', agent: 'Billing' }] } }],
 *   scorers: { route: trajectory({ mode: 'superset' }), answer: contains('refunded') },
 *   thresholds: { passRate: 1 },
 * });
 */
export function defineEval(input: EvalDefinitionInput): EvalDefinition {
  if (typeof input !== 'object' || input === null)
    throw new EvalError('INVALID_EVAL', 'defineEval() takes { name, target, cases, scorers }');
  const { name, target, cases, scorers, thresholds = {}, sessionValues = {}, answers = {}, cassettes } = input;
  if (typeof name !== 'string' || !/^[\w.@-]+$/.test(name))
    throw new EvalError(
      'INVALID_EVAL',
      'defineEval(): name must be a non-empty string of letters, digits and . _ @ - (it names the cassette folder)',
    );
  if (!Array.isArray(cases) || cases.length === 0) throw new EvalError('INVALID_EVAL', `eval "${name}": cases must be a non-empty list`);
  checkCases(name, cases);
  const scorerList = toScorers(name, scorers);
  checkThresholds(name, thresholds, scorerList);
  if (typeof sessionValues !== 'object' || sessionValues === null)
    throw new EvalError('INVALID_EVAL', `eval "${name}": sessionValues must be an object`);
  if (typeof answers !== 'object' || answers === null) throw new EvalError('INVALID_EVAL', `eval "${name}": answers must be an object`);
  if (cassettes !== undefined && (typeof cassettes !== 'string' || cassettes === ''))
    throw new EvalError('INVALID_EVAL', `eval "${name}": cassettes must be a folder path`);
  checkTrajectories(name, target, cases);
  return Object.freeze({
    kind: 'weft.eval',
    name,
    target,
    cases: Object.freeze([...cases]),
    scorers: Object.freeze(scorerList),
    thresholds,
    sessionValues,
    answers,
    cassettes,
  });
}

/**
 * Whether a module's export is an eval `defineEval` made.
 *
 * @example
 * const evals = Object.values(await import('./support.eval.ts')).filter(isEvalDefinition);
 */
export function isEvalDefinition(value: unknown): value is EvalDefinition {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'weft.eval';
}

function checkCases(name: string, cases: EvalDefinitionInput['cases']): void {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  cases.forEach((c, i) => {
    const label = `case ${i + 1}${typeof c?.id === 'string' ? ` ("${c.id}")` : ''}`;
    problems.push(...caseProblems(c).map((p) => `${label}: ${p.field}: ${p.message}`));
    if (typeof c?.id !== 'string') return;
    const first = seen.get(c.id);
    if (first !== undefined)
      problems.push(`${label}: id: "${c.id}" is also the id of case ${first + 1}; ids name threads and cassettes, so they must be unique`);
    else seen.set(c.id, i);
  });
  if (problems.length > 0)
    throw new EvalError('INVALID_CASE', `eval "${name}" has ${problems.length} case problem(s):\n${problems.join('\n')}`, {
      details: { problems },
    });
}

function toScorers(name: string, scorers: EvalDefinitionInput['scorers']): Scorer[] {
  if (typeof scorers !== 'object' || scorers === null || Array.isArray(scorers))
    throw new EvalError(
      'INVALID_EVAL',
      `eval "${name}": scorers must be an object of scorers by name ({ answer: contains('…'), mine: (run) => ({ score, pass, reason }) })`,
    );
  return Object.entries(scorers).map(([key, scorer]) => {
    if (typeof scorer === 'function') return { name: key, score: scorer };
    if (typeof scorer === 'object' && scorer !== null && typeof scorer.score === 'function')
      return { name: key, score: scorer.score.bind(scorer) };
    throw new EvalError('INVALID_EVAL', `eval "${name}": scorer "${key}" must be a function or a scorer ({ name, score })`);
  });
}

function checkThresholds(name: string, thresholds: EvalThresholds, scorers: readonly Scorer[]): void {
  const bad = (what: string, value: unknown) =>
    new EvalError('INVALID_EVAL', `eval "${name}": threshold ${what} must be a number from 0 to 1, got ${JSON.stringify(value)}`);
  const ratio = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 1;
  if (typeof thresholds !== 'object' || thresholds === null)
    throw new EvalError('INVALID_EVAL', `eval "${name}": thresholds must be an object`);
  if (thresholds.score !== undefined && !ratio(thresholds.score)) throw bad('score', thresholds.score);
  if (thresholds.passRate !== undefined && !ratio(thresholds.passRate)) throw bad('passRate', thresholds.passRate);
  for (const [scorer, min] of Object.entries(thresholds.scorers ?? {})) {
    if (!scorers.some((s) => s.name === scorer))
      throw new EvalError(
        'INVALID_EVAL',
        `eval "${name}": threshold for scorer "${scorer}", which the eval does not have (scorers: ${scorers.map((s) => s.name).join(', ')})`,
      );
    if (!ratio(min)) throw bad(`scorers.${scorer}`, min);
  }
}

function checkTrajectories(name: string, target: EvalDefinitionInput['target'], cases: EvalDefinitionInput['cases']): void {
  if (!cases.some((c) => c.expected?.trajectory)) return;
  const subject = subjectOf(target, { caseId: undefined, model: (live) => live });
  const caps = graphCapabilities(toRunTarget(subject).graph.toJSON());
  const problems = cases.flatMap((c) => trajectoryProblems(c.expected?.trajectory ?? [], caps).map((p) => `case "${c.id}": ${p}`));
  if (problems.length > 0)
    throw new EvalError(
      'TRAJECTORY_UNREACHABLE',
      `eval "${name}": the compiled graph cannot produce ${problems.length === 1 ? 'this expected step' : 'these expected steps'}:\n${problems.join('\n')}`,
      { details: { problems } },
    );
}

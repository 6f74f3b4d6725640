/** One thing wrong with a case: the field (a dotted path) and what is wrong. */
export interface CaseProblem {
  field: string;
  message: string;
}

const CASE_KEYS = new Set(['id', 'input', 'turns', 'sessionValues', 'answers', 'expected', 'budget', 'tags']);
const EXPECTED_KEYS = new Set(['output', 'trajectory', 'interrupts', 'status']);
const BUDGET_KEYS = ['steps', 'tokens', 'modelCalls', 'wallMs'] as const;
const STATUSES = new Set(['done', 'interrupted', 'error']);

/**
 * Everything wrong with a value meant as an `EvalCase`, each problem with
 * its field: what `defineEval` and `casesFromJsonl` report (with the file
 * and line) before anything runs. Unknown keys are problems too, so a typo
 * (`expect` for `expected`) never silently checks nothing.
 *
 * @example
 * caseProblems({ id: '', input: 'hi', budget: { steps: -1 } });
 * // [{ field: 'id', message: 'must be a non-empty string' }, { field: 'budget.steps', message: 'must be a positive number' }]
 */
export function caseProblems(value: unknown): CaseProblem[] {
  if (!isRecord(value)) return [{ field: '(case)', message: 'must be an object with an id and an input or turns' }];
  const problems: CaseProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  for (const key of Object.keys(value)) if (!CASE_KEYS.has(key)) add(key, `is not a case field (fields: ${[...CASE_KEYS].join(', ')})`);
  if (typeof value['id'] !== 'string' || value['id'].trim() === '') add('id', 'must be a non-empty string');
  else if (!/^[\w.:@-]+$/.test(value['id'])) add('id', 'may hold only letters, digits and . _ : @ - (it names the case’s cassette file)');
  if (value['input'] === undefined && value['turns'] === undefined) add('input', 'is required (or give turns)');
  if (value['turns'] !== undefined && (!Array.isArray(value['turns']) || value['turns'].length === 0))
    add('turns', 'must be a non-empty list of inputs');
  for (const key of ['sessionValues', 'answers'] as const)
    if (value[key] !== undefined && !isRecord(value[key])) add(key, 'must be an object');
  if (value['tags'] !== undefined && !(Array.isArray(value['tags']) && value['tags'].every((t) => typeof t === 'string')))
    add('tags', 'must be a list of strings');
  budgetProblems(value['budget'], add);
  expectedProblems(value['expected'], add);
  return problems;
}

function budgetProblems(budget: unknown, add: (field: string, message: string) => void): void {
  if (budget === undefined) return;
  if (!isRecord(budget)) return add('budget', 'must be an object');
  for (const key of Object.keys(budget))
    if (!(BUDGET_KEYS as readonly string[]).includes(key))
      add(`budget.${key}`, `is not a budget field (fields: ${BUDGET_KEYS.join(', ')})`);
  for (const key of BUDGET_KEYS) {
    const limit = budget[key];
    if (limit !== undefined && !(typeof limit === 'number' && Number.isFinite(limit) && limit > 0))
      add(`budget.${key}`, 'must be a positive number');
  }
}

function expectedProblems(expected: unknown, add: (field: string, message: string) => void): void {
  if (expected === undefined) return;
  if (!isRecord(expected)) return add('expected', 'must be an object');
  for (const key of Object.keys(expected))
    if (!EXPECTED_KEYS.has(key)) add(`expected.${key}`, `is not an expectation (expectations: ${[...EXPECTED_KEYS].join(', ')})`);
  if (expected['status'] !== undefined && !STATUSES.has(expected['status'] as string))
    add('expected.status', 'must be "done", "interrupted" or "error"');
  const trajectory = expected['trajectory'];
  if (trajectory !== undefined) {
    if (!Array.isArray(trajectory)) add('expected.trajectory', 'must be a list of steps ({ tool } or { transfer })');
    else trajectory.forEach((step, i) => stepProblem(step, `expected.trajectory.${i}`, add));
  }
  const interrupts = expected['interrupts'];
  if (interrupts !== undefined) {
    if (!Array.isArray(interrupts)) add('expected.interrupts', 'must be a list of { address, info? }');
    else
      interrupts.forEach((x, i) => {
        if (!isRecord(x) || typeof x['address'] !== 'string' || x['address'] === '')
          add(`expected.interrupts.${i}.address`, 'must be a non-empty string (an address glob)');
        else if (x['info'] !== undefined && !isRecord(x['info'])) add(`expected.interrupts.${i}.info`, 'must be an object');
      });
  }
}

function stepProblem(step: unknown, field: string, add: (field: string, message: string) => void): void {
  if (!isRecord(step)) return add(field, 'must be { tool, agent?, args? } or { transfer, from? }');
  const named = (key: string) => typeof step[key] === 'string' && step[key] !== '';
  if ('tool' in step) {
    if (!named('tool')) add(`${field}.tool`, 'must be a tool name');
    if (step['agent'] !== undefined && !named('agent')) add(`${field}.agent`, 'must be an agent name');
    if (step['args'] !== undefined && !isRecord(step['args'])) add(`${field}.args`, 'must be an object of argument matchers');
  } else if ('transfer' in step) {
    if (!named('transfer')) add(`${field}.transfer`, 'must be an agent name');
    if (step['from'] !== undefined && !named('from')) add(`${field}.from`, 'must be an agent name');
  } else add(field, 'must have `tool` (a tool call) or `transfer` (a transfer)');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

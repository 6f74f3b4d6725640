import type { ChatModel } from '@weft/chat-model';
import { EvalError } from '../errors.ts';
import { judgePrompt, JUDGE_VERDICT } from './judge-prompt.ts';
import { parseVerdict, type JudgeVerdict } from './judge-verdict.ts';
import type { CaseRun, Scorer, ScorerContext, ScorerResult } from './scorer.ts';
import { showValue } from './show-value.ts';

export interface LlmJudgeOptions {
  /** What a good output does, in words the judge model grades by. */
  rubric: string;
  /** The judge: called through the case's cassette (`ctx.model(model, { name: 'judge' })`), so it replays like the target. */
  model: ChatModel;
  /** How many times the judge is asked; the verdict is the majority's. Default 1. */
  samples?: number;
  /** The scorer's name in reports. Default `llmJudge`. */
  name?: string;
  /** When given, a sample passes when its score is at least this, whatever its `pass` says. */
  passScore?: number;
}

/** A sample the judge answered, or the reason its answer was not a verdict. */
type Sample = JudgeVerdict | { error: string };

/**
 * Asks a model to grade the run against a rubric: it is sent the rubric,
 * the case's input, the run's steps and its final output, and answers with
 * structured output `{ reasoning, score, pass }`. With `samples: n` it is
 * asked n times, one after the other (so a cassette replays them in order):
 * the case passes when more than half of the valid answers pass, scores
 * their mean score, and the reason is the first reasoning on the
 * majority's side; every answer is kept in the details. An answer that is
 * not a valid verdict counts as an error sample; when none is valid the
 * scorer throws and the case is `error`.
 *
 * @example
 * scorers: {
 *   polite: llmJudge({ rubric: 'The answer is polite and names the invoice.', model: judgeModel, samples: 3 }),
 * }
 */
export function llmJudge(options: LlmJudgeOptions): Scorer {
  const { rubric, model, samples = 1, name = 'llmJudge', passScore } = checkOptions(options);
  return {
    name,
    async score(run, context) {
      const judge = context.model(model, { name: 'judge' });
      const answers: Sample[] = [];
      for (let i = 0; i < samples; i++) answers.push(await ask(judge, rubric, run, context));
      const verdicts = answers
        .filter((s): s is JudgeVerdict => !('error' in s))
        .map((v) => (passScore === undefined ? v : { ...v, pass: v.score >= passScore }));
      if (verdicts.length === 0) {
        const why = (answers[0] as { error: string }).error;
        throw new Error(`${name}: no answer of the judge ${showValue(model.name)} was a verdict (${samples} asked): ${why}`);
      }
      return verdictOf(verdicts, answers, samples);
    },
  };
}

async function ask(judge: ChatModel, rubric: string, run: CaseRun, context: ScorerContext): Promise<Sample> {
  const answer = await judge.generate(judgePrompt(rubric, run), { tools: [], signal: context.signal, output: JUDGE_VERDICT });
  const verdict = parseVerdict(answer);
  return typeof verdict === 'string' ? { error: verdict } : verdict;
}

function verdictOf(verdicts: readonly JudgeVerdict[], answers: readonly Sample[], samples: number): ScorerResult {
  const passes = verdicts.filter((v) => v.pass).length;
  const pass = passes * 2 > verdicts.length;
  const score = verdicts.reduce((sum, v) => sum + v.score, 0) / verdicts.length;
  const reasoning = verdicts.find((v) => v.pass === pass)?.reasoning ?? '';
  const tally =
    samples === 1
      ? ''
      : `${passes} of ${verdicts.length} judges passed it${verdicts.length < samples ? ` (${samples - verdicts.length} answered no verdict)` : ''}: `;
  return { score, pass, reason: `${tally}${reasoning}`, details: { samples: answers, passes, valid: verdicts.length } };
}

function checkOptions(options: LlmJudgeOptions): LlmJudgeOptions {
  const fail = (message: string) => new EvalError('INVALID_ARGUMENT', `llmJudge(): ${message}`);
  if (options === null || typeof options !== 'object')
    throw fail(`options must be an object ({ rubric, model, samples?, name?, passScore? }), got ${showValue(options)}`);
  const { rubric, model, samples, name, passScore } = options;
  if (typeof rubric !== 'string' || rubric.trim() === '')
    throw fail(`rubric must be a non-empty string that says what a good output does, got ${showValue(rubric)}`);
  if (model === null || typeof model !== 'object' || typeof model.generate !== 'function') {
    throw fail(`model must be a ChatModel (with generate()), got ${showValue(model)}`);
  }
  if (samples !== undefined && (!Number.isInteger(samples) || samples < 1))
    throw fail(`samples must be an integer of 1 or more, got ${showValue(samples)}`);
  if (name !== undefined && (typeof name !== 'string' || name === ''))
    throw fail(`name must be a non-empty string, got ${showValue(name)}`);
  if (passScore !== undefined && (typeof passScore !== 'number' || !(passScore >= 0 && passScore <= 1))) {
    throw fail(`passScore must be a number from 0 to 1, got ${showValue(passScore)}`);
  }
  return options;
}

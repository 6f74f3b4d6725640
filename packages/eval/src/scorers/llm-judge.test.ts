import type { ChatModel } from '@weft/chat-model';
import { scriptedModel } from '@weft/models';
import { describe, expect, it } from 'vitest';
import type { EvalError } from '../errors.ts';
import { JUDGE_VERDICT } from './judge-prompt.ts';
import { llmJudge } from './llm-judge.ts';
import type { ScorerContext } from './scorer.ts';
import { caseRun } from './test-support/case-run.ts';

const run = caseRun({
  case: { id: 'refund', input: 'INV-1042 was charged twice, please refund it.', turns: ['Thanks!'] },
  output: 'I refunded INV-1042. Sorry for the trouble!',
  trajectory: [
    { type: 'transfer', from: 'Coordinator', to: 'Billing' },
    { type: 'tool', agent: 'Billing', tool: 'refund', args: { invoice_id: 'INV-1042' }, result: `ok ${'x'.repeat(300)}` },
  ],
});
const rubric = 'The answer confirms the refund of the right invoice, politely.';
const verdict = (pass: boolean, score: number, reasoning: string) => ({ output: { reasoning, score, pass } });

/** A context whose model() records the names it is asked for and gives the live model. */
function recordingContext(): ScorerContext & { names: (string | undefined)[] } {
  const names: (string | undefined)[] = [];
  return { names, signal: new AbortController().signal, model: (live: ChatModel, options) => (names.push(options?.name), live) };
}

describe('llmJudge()', () => {
  it('asks the judge through the case models for a structured verdict on the rubric, input, steps and output', async () => {
    const judge = scriptedModel([verdict(true, 0.9, 'It names INV-1042 and apologises.')]);
    const context = recordingContext();
    const scorer = llmJudge({ rubric, model: judge });
    expect(scorer.name).toBe('llmJudge');
    expect(await scorer.score(run, context)).toEqual({
      score: 0.9,
      pass: true,
      reason: 'It names INV-1042 and apologises.',
      details: { samples: [{ reasoning: 'It names INV-1042 and apologises.', score: 0.9, pass: true }], passes: 1, valid: 1 },
    });
    expect(context.names).toEqual(['judge']);
    expect(judge.calls).toHaveLength(1);
    expect(judge.calls[0]?.output).toEqual(JUDGE_VERDICT);
    expect(judge.calls[0]?.messages[1]).toEqual({
      role: 'user',
      content: [
        `Rubric:\n${rubric}`,
        'Input:\nINV-1042 was charged twice, please refund it.\n---\nThanks!',
        `Steps the agent took:\n1. Coordinator transferred to Billing\n2. Billing called refund {"invoice_id":"INV-1042"} -> ok ${'x'.repeat(196)}…`,
        'Final output:\nI refunded INV-1042. Sorry for the trouble!',
      ].join('\n\n'),
    });
    expect(judge.calls[0]?.messages[0]?.role).toBe('system');
  });

  it('with samples: 3 passes by majority, scores the mean, and gives the first reasoning of the majority', async () => {
    const passing = scriptedModel([verdict(true, 1, 'Good.'), verdict(false, 0.5, 'Too curt.'), verdict(true, 0.75, 'Fine.')]);
    expect(await llmJudge({ rubric, model: passing, samples: 3, name: 'polite' }).score(run, recordingContext())).toEqual({
      score: 0.75,
      pass: true,
      reason: '2 of 3 judges passed it: Good.',
      details: {
        samples: [
          { reasoning: 'Good.', score: 1, pass: true },
          { reasoning: 'Too curt.', score: 0.5, pass: false },
          { reasoning: 'Fine.', score: 0.75, pass: true },
        ],
        passes: 2,
        valid: 3,
      },
    });
    const failing = scriptedModel([
      verdict(false, 0.25, 'Wrong invoice.'),
      verdict(true, 0.75, 'Good.'),
      verdict(false, 0.5, 'No apology.'),
    ]);
    const result = await llmJudge({ rubric, model: failing, samples: 3 }).score(run, recordingContext());
    expect([result?.pass, result?.score, result?.reason]).toEqual([false, 0.5, '1 of 3 judges passed it: Wrong invoice.']);
    expect(failing.calls).toHaveLength(3);
  });

  it('counts an answer that is not a verdict as an error sample (a tie of the rest fails)', async () => {
    const judge = scriptedModel([
      { text: 'Looks fine to me.' },
      verdict(true, 0.8, 'Good.'),
      { output: { reasoning: 'Hm.', score: 7, pass: true } },
      verdict(false, 0.2, 'Rude.'),
    ]);
    expect(await llmJudge({ rubric, model: judge, samples: 4 }).score(run, recordingContext())).toEqual({
      score: 0.5,
      pass: false,
      reason: '1 of 2 judges passed it (2 answered no verdict): Rude.',
      details: {
        samples: [
          { error: 'the answer is not JSON: "Looks fine to me."' },
          { reasoning: 'Good.', score: 0.8, pass: true },
          { error: 'the answer\'s "score" is not a number from 0 to 1: 7' },
          { reasoning: 'Rude.', score: 0.2, pass: false },
        ],
        passes: 1,
        valid: 2,
      },
    });
  });

  it('throws when no answer is a verdict, so the case is an error', async () => {
    const judge = scriptedModel([{ output: { verdict: 'yes' } }, { output: ['pass'] }], { name: 'gpt-judge' });
    await expect(llmJudge({ rubric, model: judge, samples: 2 }).score(run, recordingContext())).rejects.toThrow(
      'llmJudge: no answer of the judge "gpt-judge" was a verdict (2 asked): the answer has no string "reasoning"',
    );
  });

  it('with passScore, a sample passes by its score, not by its pass', async () => {
    const judge = scriptedModel([verdict(true, 0.6, 'Mostly.')]);
    expect(await llmJudge({ rubric, model: judge, passScore: 0.75 }).score(run, recordingContext())).toEqual({
      score: 0.6,
      pass: false,
      reason: 'Mostly.',
      details: { samples: [{ reasoning: 'Mostly.', score: 0.6, pass: true }], passes: 0, valid: 1 },
    });
  });

  it('refuses bad options at construction with INVALID_ARGUMENT', () => {
    const model = scriptedModel([]);
    const bad: [unknown, string][] = [
      [{ model }, 'llmJudge(): rubric must be a non-empty string that says what a good output does, got undefined'],
      [{ rubric, model: 'gpt-4o' }, 'llmJudge(): model must be a ChatModel (with generate()), got "gpt-4o"'],
      [{ rubric, model, samples: 0 }, 'llmJudge(): samples must be an integer of 1 or more, got 0'],
      [{ rubric, model, passScore: 2 }, 'llmJudge(): passScore must be a number from 0 to 1, got 2'],
      [{ rubric, model, name: '' }, 'llmJudge(): name must be a non-empty string, got ""'],
    ];
    for (const [options, message] of bad) {
      expect(() => llmJudge(options as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message }) as EvalError);
    }
  });
});

import { systemMessage, textOf, userMessage, type Message, type OutputSpec } from '@weft/chat-model';
import type { CaseInput } from '../define/eval-case.ts';
import type { CaseRun } from './scorer.ts';

/** A tool result is cut to this many characters in the prompt: the judge grades the answer, not the tools' data. */
const MAX_RESULT_CHARS = 200;

/** The structured answer a judge gives; `reasoning` comes first so the model reasons before it scores. */
export const JUDGE_VERDICT: OutputSpec = {
  name: 'judge_verdict',
  description: 'How well the final output meets the rubric.',
  schema: {
    type: 'object',
    properties: {
      reasoning: { type: 'string', description: 'A few sentences on how the output meets or misses the rubric.' },
      score: { type: 'number', minimum: 0, maximum: 1, description: '0 (misses it entirely) to 1 (meets it fully).' },
      pass: { type: 'boolean', description: 'Whether the output meets the rubric.' },
    },
    required: ['reasoning', 'score', 'pass'],
    additionalProperties: false,
  },
};

const INSTRUCTIONS =
  "You grade one run of an AI agent against a rubric. Read the rubric, the user's input, the steps the agent took and its final output, " +
  'then answer with JSON: reasoning (a few sentences on how the output meets or misses the rubric), score (0 to 1), ' +
  'and pass (true when the output meets the rubric). Judge only by the rubric.';

/**
 * The messages a judge is sent: the instructions, then the rubric, the
 * case's input (every turn), the run's steps (one line each, tool results
 * cut) and its final output.
 *
 * @example
 * await model.generate(judgePrompt('Answers in French.', run), { tools: [], signal, output: JUDGE_VERDICT });
 */
export function judgePrompt(rubric: string, run: CaseRun): Message[] {
  const inputs = [...(run.case.input === undefined ? [] : [run.case.input]), ...(run.case.turns ?? [])];
  const sections = [
    `Rubric:\n${rubric}`,
    `Input:\n${inputs.length === 0 ? '(none)' : inputs.map(inputText).join('\n---\n')}`,
    `Steps the agent took:\n${stepsText(run)}`,
    `Final output:\n${outputText(run)}`,
  ];
  return [systemMessage(INSTRUCTIONS), userMessage(sections.join('\n\n'))];
}

function inputText(input: CaseInput): string {
  if (typeof input === 'string') return input;
  if (Array.isArray(input)) return input.map((message) => `${message.role}: ${textOf(message)}`).join('\n');
  return JSON.stringify(input);
}

function stepsText(run: CaseRun): string {
  if (run.trajectory.length === 0) return '(none)';
  const lines = run.trajectory.map((step, i) => {
    if (step.type === 'transfer') return `${i + 1}. ${step.from} transferred to ${step.to}`;
    const outcome = step.error !== undefined ? ` -> error: ${cut(step.error)}` : step.result !== undefined ? ` -> ${cut(step.result)}` : '';
    return `${i + 1}. ${step.agent} called ${step.tool} ${JSON.stringify(step.args)}${outcome}`;
  });
  return lines.join('\n');
}

function outputText(run: CaseRun): string {
  if (run.status !== 'done') return `(none: the run ended ${run.status === 'error' ? 'with an error' : 'interrupted'})`;
  return typeof run.output === 'string' ? run.output : (JSON.stringify(run.output, null, 2) ?? '(none)');
}

function cut(text: string): string {
  return text.length > MAX_RESULT_CHARS ? `${text.slice(0, MAX_RESULT_CHARS - 1)}…` : text;
}

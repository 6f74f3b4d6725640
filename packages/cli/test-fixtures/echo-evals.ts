/**
 * Two evals of an agent that echoes the user's message: `echo` has a case
 * that passes (hello) and one that fails (bye expects another answer);
 * `broken` has one case whose scorer throws, so it is `error`.
 */
import { chatModelAgent } from '@weft/agents';
import { defineEval, type ScorerFn } from '@weft/eval';
import { scriptedModel } from '@weft/models';

export const agent = chatModelAgent({
  name: 'Echo',
  description: 'Echoes the user.',
  instruction: 'Repeat what the user says.',
  model: scriptedModel([(messages) => ({ text: `echo: ${String(messages.at(-1)?.content)}` })], { repeatLast: true }),
});

const answer: ScorerFn = (run) => {
  const pass = run.output === run.case.expected?.output;
  return {
    score: pass ? 1 : 0,
    pass,
    reason: pass ? 'the answer matches' : `expected ${JSON.stringify(run.case.expected?.output)}, got ${JSON.stringify(run.output)}`,
  };
};

export const echoEval = defineEval({
  name: 'echo',
  target: agent,
  cases: [
    { id: 'hello', input: 'hello', expected: { output: 'echo: hello' }, tags: ['greeting'] },
    { id: 'bye', input: 'bye', expected: { output: 'see you' }, tags: ['farewell'] },
  ],
  scorers: { answer },
});

export const brokenEval = defineEval({
  name: 'broken',
  target: agent,
  cases: [{ id: 'boom', input: 'boom' }],
  scorers: {
    answer: () => {
      throw new Error('the scorer broke');
    },
  },
});

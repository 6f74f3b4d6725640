/**
 * The floor for the agent scenarios: plain async code calling a fake model
 * function and the trivial tool, with the same decisions and checks as every
 * framework. No messages, no history, no events.
 */
import {
  ToolCounter,
  USER_INPUT,
  agentAnswer,
  checkAnswers,
  checkHistory,
  checkReact,
  checkTransfer,
  historyAnswer,
  reactDecision,
} from '../harness/agent-work.ts';
import type { AgentModule } from '../harness/types.ts';

const answerOf = async (i: number): Promise<string> => agentAnswer(i);

export const baselineAgents: AgentModule = {
  'react-loop': async (turns) => {
    const counter = new ToolCounter();
    const model = async (seen: number) => reactDecision(seen, turns);
    return async () => {
      counter.count = 0;
      let seen = 0;
      let d = await model(seen);
      while ('call' in d) {
        await counter.run(d.call);
        d = await model(++seen);
      }
      checkReact('baseline', d.answer, counter.count, turns);
    };
  },
  'sequential-agents': async (n) => async () => {
    const answers: string[] = [];
    for (let i = 0; i < n; i++) answers.push(await answerOf(i));
    checkAnswers('baseline sequential-agents', answers, n, true);
  },
  'sequential-history': async (n) => {
    // The history is an array of texts; agent i's "model" checks it, then answers.
    const model = async (i: number, history: readonly string[]): Promise<string> => {
      checkHistory('baseline', i, history);
      return historyAnswer(i);
    };
    return async () => {
      const history = [USER_INPUT];
      for (let i = 0; i < n; i++) history.push(await model(i, history));
      checkAnswers('baseline sequential-history', history.slice(1), n, true, historyAnswer);
    };
  },
  'parallel-agents': async (n) => async () => {
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => answerOf(i)));
    checkAnswers('baseline parallel-agents', answers, n, false);
  },
  'transfer-chain': async (n) => {
    const transfer = async (to: number): Promise<number> => to;
    return async () => {
      let current = 0;
      let transfers = 0;
      // Every agent but the last "decides" to hand over; the handoff is a call too.
      while (current < n - 1) {
        await answerOf(current);
        current = await transfer(current + 1);
        transfers++;
      }
      checkTransfer('baseline', await answerOf(current), transfers, n);
    };
  },
};

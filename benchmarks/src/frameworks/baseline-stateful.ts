/**
 * Floors for the stateful shapes: plain async functions, no framework.
 * interrupt-resume: `ask()` parks a pending question in a Map and returns its
 * id; `resume(id, value)` removes it and returns the value.
 * growing-history: an array of messages; each turn appends the user message,
 * sends the whole array to the same fake-model logic, appends the answer.
 */
import { APPROVAL, QUESTION, conversationRun, turnAnswer, turnInput } from '../harness/stateful-work.ts';
import type { Factory } from '../harness/types.ts';
import { check } from '../harness/work.ts';

interface Msg {
  role: 'user' | 'assistant';
  content: string;
}

export const interruptResume: Factory = async (cycles) => {
  const pending = new Map<string, string>();
  let seq = 0;
  const ask = async (): Promise<{ id: string; info: string }> => {
    const id = `i${++seq}`;
    pending.set(id, QUESTION);
    return { id, info: QUESTION };
  };
  const resume = async (id: string, value: string): Promise<string> => {
    if (!pending.delete(id)) throw new Error(`no pending interrupt ${id}`);
    return value;
  };
  return async () => {
    for (let i = 0; i < cycles; i++) {
      const paused = await ask();
      check('baseline interrupt info', paused.info, QUESTION);
      check('baseline resume output', await resume(paused.id, APPROVAL), APPROVAL);
    }
  };
};

export const growingHistory: Factory = async (turns) => {
  let seen = 0;
  const model = async (messages: readonly Msg[]): Promise<Msg> => {
    seen = messages.length;
    return { role: 'assistant', content: turnAnswer(messages.filter((m) => m.role === 'user').length) };
  };
  return conversationRun('baseline', turns, {
    begin: (): Msg[] => [],
    turn: async (history, k) => {
      history.push({ role: 'user', content: turnInput(k) });
      const answer = await model(history);
      history.push(answer);
      return { answer: answer.content, seen };
    },
  });
};

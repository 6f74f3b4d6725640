/**
 * Floors for the stateful shapes: plain async functions, no framework.
 * interrupt-resume: `ask()` parks a pending question in a Map and returns its
 * id; `resume(id, value)` removes it and returns the value.
 * interrupt-resume-state: the same park and resume between `a` and `c`, all
 * appending to a plain `{ log }` object.
 * growing-history: an array of messages; each turn appends the user message,
 * sends the whole array to the same fake-model logic, appends the answer.
 */
import { APPROVAL, QUESTION, checkStateLog, conversationRun, turnAnswer, turnInput } from '../harness/stateful-work.ts';
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

export const interruptResumeState: Factory = async (cycles) => {
  type Log = { log: string[] };
  const pending = new Map<string, Log>();
  let seq = 0;
  const a = async (s: Log) => void s.log.push('a');
  const ask = async (s: Log): Promise<{ id: string; info: string }> => {
    s.log.push('ask');
    const id = `i${++seq}`;
    pending.set(id, s);
    return { id, info: QUESTION };
  };
  const resume = async (id: string, value: string): Promise<Log> => {
    const s = pending.get(id);
    if (!s) throw new Error(`no pending interrupt ${id}`);
    pending.delete(id);
    s.log.push(value);
    return s;
  };
  const c = async (s: Log) => void s.log.push('c');
  return async () => {
    for (let i = 0; i < cycles; i++) {
      const state: Log = { log: [] };
      await a(state);
      const paused = await ask(state);
      check('baseline interrupt info', paused.info, QUESTION);
      const resumed = await resume(paused.id, APPROVAL);
      await c(resumed);
      checkStateLog('baseline', resumed.log);
    }
  };
};

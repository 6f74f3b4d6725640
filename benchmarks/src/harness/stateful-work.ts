/**
 * Shared pieces of the stateful shapes (interrupt-resume, interrupt-resume-state,
 * growing-history): the interrupt question and answer, the state log the
 * interrupted graph must end with, the fake model's reply for a turn, and a
 * per-turn timer that compares the first and last 10% of a conversation.
 */
import type { Run } from './types.ts';
import { check } from './work.ts';

export const QUESTION = 'approve?';
export const APPROVAL = 'yes';
/**
 * interrupt-resume-state's final state log: `a`, then `ask` (once, though a
 * node that interrupts may run again on resume), the resume value, then `c`.
 */
export const STATE_LOG: readonly string[] = ['a', 'ask', APPROVAL, 'c'];

/** Checks interrupt-resume-state's final log, item for item. */
export function checkStateLog(label: string, log: unknown): void {
  check(`${label} state log`, Array.isArray(log) ? log.join('|') : String(log), STATE_LOG.join('|'));
}

export const turnInput = (k: number): string => `turn ${k}`;
/** The fake model's answer on turn k (1-based): it counts the user messages it was sent. */
export const turnAnswer = (k: number): string => `answer ${k}`;

/** Checks one turn: the answer, and that the model saw the whole history (2k - 1 messages). */
export function checkTurn(label: string, k: number, answer: string | undefined, seen: number): void {
  check(`${label} turn ${k} answer`, answer, turnAnswer(k));
  check(`${label} turn ${k} history seen by the model`, seen, 2 * k - 1);
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

/**
 * Times each turn of a conversation (hrtime around one turn, inside the timed
 * run) and reports the median over runs of the mean µs per turn of the first
 * 10% vs the last 10% of turns.
 */
export class TurnTimer {
  readonly #first: number[] = [];
  readonly #last: number[] = [];
  #turns: number[] = [];

  async turn(fn: () => Promise<void>): Promise<void> {
    const t0 = process.hrtime.bigint();
    await fn();
    this.#turns.push(Number(process.hrtime.bigint() - t0) / 1000);
  }

  /** Call at the end of each run. */
  endRun(): void {
    const k = Math.max(1, Math.ceil(this.#turns.length / 10));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    this.#first.push(mean(this.#turns.slice(0, k)));
    this.#last.push(mean(this.#turns.slice(-k)));
    this.#turns = [];
  }

  summary(): string {
    const f = median(this.#first);
    const l = median(this.#last);
    return `first 10% of turns ${f.toFixed(1)} µs/turn, last 10% ${l.toFixed(1)} µs/turn, last/first ${(l / f).toFixed(2)}x (median of ${this.#first.length} runs)`;
  }
}

/** What a framework does in a growing-history run: start a conversation, send turn k, and drop it afterwards. */
export interface Conversation<C> {
  begin(): C | Promise<C>;
  /** Sends turn k; resolves to the answer and how many messages the model was sent. */
  turn(conversation: C, k: number): Promise<{ answer: string | undefined; seen: number }>;
  /** Untimed clean-up of the last conversation (delete its thread or session). */
  end?(conversation: C): void | Promise<void>;
}

/**
 * The growing-history run every framework shares: one conversation of `turns`
 * turns per run, each turn timed and checked (the answer, and that the model
 * saw the whole history); `summary` compares the first and last 10% of turns.
 */
export function conversationRun<C>(label: string, turns: number, conversation: Conversation<C>): Run {
  const timer = new TurnTimer();
  let last: { value: C } | undefined;
  const run: Run = async () => {
    const current = await conversation.begin();
    last = { value: current };
    for (let k = 1; k <= turns; k++) {
      await timer.turn(async () => {
        const { answer, seen } = await conversation.turn(current, k);
        checkTurn(label, k, answer, seen);
      });
    }
    timer.endRun();
  };
  if (conversation.end) {
    const end = conversation.end.bind(conversation);
    run.reset = async () => {
      if (last) await end(last.value);
      last = undefined;
    };
  }
  Object.defineProperty(run, 'summary', { get: () => timer.summary() });
  return run;
}

/**
 * What the agent-level scenarios share across frameworks: agent names, the
 * fake model's decisions, the trivial tool, step counts and the checks every
 * run must pass. Each framework wraps these in its own model class and agents;
 * nothing here is an LLM or touches the network.
 */
import type { Run } from './types.ts';
import { check } from './work.ts';

export const TOOL_NAME = 'noop';
export const TOOL_DESCRIPTION = 'Does nothing and says ok.';
export const USER_INPUT = 'go';

/** Identifier-safe in every framework (ADK wants identifiers; OpenAI derives handoff tool names from them). */
export const agentName = (i: number): string => `agent_${i}`;
/** What agent `i` answers in the sequential, parallel and transfer scenarios. */
export const agentAnswer = (i: number): string => `answer from ${agentName(i)}`;

const HISTORY_FILLER =
  'the shared history grows by one answer per agent, and every later agent is sent all of it, so this text travels through ' +
  'every later model call of the workflow; it says nothing else, and is only here so that it has a realistic length.';

/**
 * What agent `i` answers in sequential-history: about 200 characters, unique
 * to it. It starts with `answer from agent_<i>:`, so no answer is a part of
 * another's (agent_1's head is not in agent_10's), and a later agent can find
 * it in its history however its framework wraps it.
 */
export const historyAnswer = (i: number): string => {
  const head = `${agentAnswer(i)}: `;
  return head + HISTORY_FILLER.slice(0, 200 - head.length);
};
const HISTORY_HEAD = /answer from agent_(\d+): /g;

/**
 * sequential-history: checks what agent `i`'s model was sent, as the texts of
 * its messages: the user input first (and once), then the answers of agents
 * 0..i-1, each exactly once and in order, and no other agent's. Frameworks
 * wrap earlier answers differently (ADK and Weft rewrite them as user-role
 * "For context: [agent_0] said: …" messages), so an answer is found by
 * `includes`. Throws on a mismatch, so a framework that does not pass the
 * history fails the run.
 */
export function checkHistory(label: string, i: number, texts: readonly string[]): void {
  check(`${label} agent ${i}: first message`, texts[0], USER_INPUT);
  check(`${label} agent ${i}: user inputs seen`, texts.filter((t) => t === USER_INPUT).length, 1);
  const seen = texts.flatMap((t) => [...t.matchAll(HISTORY_HEAD)].map((m) => Number(m[1])).filter((j) => t.includes(historyAnswer(j))));
  const want = Array.from({ length: i }, (_, j) => j);
  check(`${label} agent ${i}: earlier answers seen, in order`, seen.join(','), want.join(','));
}

/** The react-loop agent's final answer after `turns` tool calls. */
export const reactAnswer = (turns: number): string => `done after ${turns} tool calls`;

/** The trivial tool: echoes the turn it was called on. */
export const noopResult = (turn: number): string => `ok ${turn}`;

export type ReactDecision = { call: number } | { answer: string };

/**
 * The fake ReAct model: given how many tool results the conversation already
 * holds, call the tool again (turn `seen + 1`) or give the final answer.
 * Stateless: everything it needs is in the history the framework sends it.
 */
export function reactDecision(seen: number, turns: number): ReactDecision {
  return seen < turns ? { call: seen + 1 } : { answer: reactAnswer(turns) };
}

/** react-loop: turns + 1 model calls and `turns` tool calls. */
export const reactSteps = (turns: number): number => 2 * turns + 1;
/** transfer-chain: n model calls and n - 1 transfers (each a tool call in every framework). */
export const transferSteps = (n: number): number => 2 * n - 1;

/** Counts tool executions of the current run; the run resets it first. */
export class ToolCounter {
  count = 0;
  readonly run = async (turn: number): Promise<string> => {
    this.count++;
    return noopResult(turn);
  };
}

/** Wraps a timed run so the tool counter starts at 0 each time; keeps its untimed hooks. */
export function counted(counter: ToolCounter, run: Run): Run {
  return Object.assign(async () => {
    counter.count = 0;
    await run();
  }, run);
}

export function checkReact(label: string, answer: unknown, toolCalls: number, turns: number): void {
  check(`${label} react-loop answer`, answer, reactAnswer(turns));
  check(`${label} react-loop tool calls`, toolCalls, turns);
}

/**
 * Every agent answered, in order (sequential) or in any order (parallel,
 * sorted first); `answerOf` is what agent i answers (sequential-history's
 * answers are historyAnswer).
 */
export function checkAnswers(label: string, answers: readonly string[], n: number, ordered: boolean, answerOf = agentAnswer): void {
  const want = Array.from({ length: n }, (_, i) => answerOf(i));
  const got = ordered ? answers : [...answers].sort((a, b) => parseInt(a.split('_')[1] ?? '') - parseInt(b.split('_')[1] ?? ''));
  check(`${label} answers`, got.join('|'), want.join('|'));
}

export function checkTransfer(label: string, answer: unknown, transfers: number, n: number): void {
  check(`${label} transfer-chain answer`, answer, agentAnswer(n - 1));
  check(`${label} transfer-chain transfers`, transfers, n - 1);
}

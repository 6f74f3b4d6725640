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

/** Every agent answered, in order (sequential) or in any order (parallel, sorted first). */
export function checkAnswers(label: string, answers: readonly string[], n: number, ordered: boolean): void {
  const want = Array.from({ length: n }, (_, i) => agentAnswer(i));
  const got = ordered ? answers : [...answers].sort((a, b) => Number(a.split('_')[1]) - Number(b.split('_')[1]));
  check(`${label} answers`, got.join('|'), want.join('|'));
}

export function checkTransfer(label: string, answer: unknown, transfers: number, n: number): void {
  check(`${label} transfer-chain answer`, answer, agentAnswer(n - 1));
  check(`${label} transfer-chain transfers`, transfers, n - 1);
}

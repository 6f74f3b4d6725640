/**
 * OpenAI Agents SDK stateful shapes, with the fake `Model` and tracing off.
 * interrupt-resume: the SDK pauses a run only for tool approval, so the cycle
 * is a tool with `needsApproval: true`: `run()` returns one interruption,
 * `result.state.approve(item)`, then `run(agent, result.state)` executes the
 * tool and finishes. Approval is approve/reject, not a value: the tool returns
 * the value once approved. interrupt-resume-state: no graph, so one agent
 * whose model calls the tools `a`, `ask` (approval-gated) and `c` in turn;
 * each appends to a log in the run context, the SDK's local state, and the
 * approved `ask` appends 'ask' and the value. growing-history:
 * `run(agent, text, { session })` on one `MemorySession`, the SDK's own
 * conversation store.
 */
import { Agent, MemorySession, run, setTracingDisabled, tool, type ModelRequest, type RunContext } from '@openai/agents';
import { z } from 'zod';
import { ASK_DESCRIPTION, ASK_TOOL, askDecision } from '../harness/ask-decision.ts';
import { APPROVAL, QUESTION, checkStateLog, conversationRun, turnAnswer, turnInput } from '../harness/stateful-work.ts';
import type { Factory, Run } from '../harness/types.ts';
import { check } from '../harness/work.ts';
import { FakeModel, callOutput, textOutput } from './openai-fake-model.ts';

setTracingDisabled(true);

const items = (request: ModelRequest) => (typeof request.input === 'string' ? [] : request.input);

/** Text of a function-call result: the SDK wraps a tool's string as `{ type: 'text', text }`. */
function resultText(output: unknown): string {
  if (typeof output === 'string') return output;
  const text = (output as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : JSON.stringify(output);
}

/** The `ask` tool's result if it ran (it only runs once approved). */
function askAnswer(request: ModelRequest): string | undefined {
  for (const item of items(request)) if (item.type === 'function_call_result' && item.name === ASK_TOOL) return resultText(item.output);
  return undefined;
}

export const interruptResume: Factory = async (cycles) => {
  let executions = 0;
  let modelCalls = 0;
  const ask = tool({
    name: ASK_TOOL,
    description: ASK_DESCRIPTION,
    parameters: z.object({ question: z.string() }),
    needsApproval: true,
    execute: () => {
      executions++;
      return APPROVAL;
    },
  });
  const model = new FakeModel((request) => {
    modelCalls++;
    const d = askDecision(askAnswer(request));
    return 'ask' in d ? callOutput(ASK_TOOL, { question: d.ask }, 'ask1') : textOutput(d.answer);
  });
  const agent = new Agent({ name: 'hitl', instructions: '', model, tools: [ask] });
  const cycle: Run = async () => {
    for (let i = 0; i < cycles; i++) {
      executions = 0;
      modelCalls = 0;
      const paused = await run(agent, 'go');
      const [pending, ...more] = paused.interruptions;
      check('openai-agents interruptions', pending !== undefined && more.length === 0, true);
      check('openai-agents interrupt tool', pending?.name, ASK_TOOL);
      check('openai-agents interrupt info', (JSON.parse(pending?.arguments ?? '{}') as { question?: string }).question, QUESTION);
      check('openai-agents ask executions before approval', executions, 0);
      if (pending) paused.state.approve(pending);
      const done = await run(agent, paused.state);
      check('openai-agents interruptions after resume', done.interruptions.length, 0);
      check('openai-agents resume output', done.finalOutput, APPROVAL);
      check('openai-agents ask executions', executions, 1);
      check('openai-agents model calls', modelCalls, 2);
    }
  };
  cycle.note = 'approval (needsApproval) is boolean: the approved tool returns the value';
  return cycle;
};

/** The graph's nodes as the tools the fake model calls in turn. */
const STATE_TOOLS = ['a', ASK_TOOL, 'c'] as const;

/** Names of the tools whose results are already in the request: the fake model calls the next one. */
const toolsDone = (request: ModelRequest): Set<string> =>
  new Set(items(request).flatMap((item) => (item.type === 'function_call_result' ? [item.name] : [])));

/** The run context is the SDK's local state: the caller's object, handed to every tool. */
interface Log {
  log: string[];
}
const appendTo = (context: RunContext<Log> | undefined, ...entries: string[]): void => void context?.context.log.push(...entries);

export const interruptResumeState: Factory = async (cycles) => {
  let modelCalls = 0;
  const a = tool({
    name: 'a',
    description: 'Node a.',
    parameters: z.object({}),
    execute: (_, ctx?: RunContext<Log>) => (appendTo(ctx, 'a'), 'ok'),
  });
  const ask = tool({
    name: ASK_TOOL,
    description: ASK_DESCRIPTION,
    parameters: z.object({ question: z.string() }),
    needsApproval: true,
    // A tool runs only once approved, and approval is a yes/no: the approved
    // tool appends 'ask' and the value together, and returns the value.
    execute: (_, ctx?: RunContext<Log>) => (appendTo(ctx, ASK_TOOL, APPROVAL), APPROVAL),
  });
  const c = tool({
    name: 'c',
    description: 'Node c.',
    parameters: z.object({}),
    execute: (_, ctx?: RunContext<Log>) => (appendTo(ctx, 'c'), 'ok'),
  });
  const model = new FakeModel((request) => {
    modelCalls++;
    const done = toolsDone(request);
    const next = STATE_TOOLS.find((name) => !done.has(name));
    if (next === undefined) return textOutput(askAnswer(request) ?? '');
    return callOutput(next, next === ASK_TOOL ? { question: QUESTION } : {}, `call_${next}`);
  });
  const agent = new Agent<Log>({ name: 'flow', instructions: '', model, tools: [a, ask, c] });
  const cycle: Run = async () => {
    for (let i = 0; i < cycles; i++) {
      modelCalls = 0;
      const context: Log = { log: [] };
      const paused = await run(agent, 'go', { context });
      const [pending, ...more] = paused.interruptions;
      check('openai-agents interruptions', pending !== undefined && more.length === 0, true);
      check('openai-agents interrupt tool', pending?.name, ASK_TOOL);
      check('openai-agents interrupt info', (JSON.parse(pending?.arguments ?? '{}') as { question?: string }).question, QUESTION);
      check('openai-agents log before approval', context.log.join('|'), 'a');
      if (pending) paused.state.approve(pending);
      const done = await run(agent, paused.state);
      check('openai-agents interruptions after resume', done.interruptions.length, 0);
      check('openai-agents resume output', done.finalOutput, APPROVAL);
      checkStateLog('openai-agents', context.log);
      check('openai-agents model calls', modelCalls, STATE_TOOLS.length + 1);
    }
  };
  cycle.note = 'no graph: the model calls tools a, ask (needsApproval), c; they append to the run context';
  return cycle;
};

export const growingHistory: Factory = async (turns) => {
  let seen = 0;
  const model = new FakeModel((request) => {
    const history = items(request);
    seen = history.length;
    return textOutput(turnAnswer(history.filter((item) => 'role' in item && item.role === 'user').length));
  });
  const agent = new Agent({ name: 'chat', instructions: '', model });
  // The session is the conversation: run() prepends its items to the input
  // and appends the turn's new items to it.
  return conversationRun('openai-agents', turns, {
    begin: () => new MemorySession(),
    turn: async (session, k) => {
      const res = await run(agent, turnInput(k), { session });
      return { answer: res.finalOutput, seen };
    },
  });
};

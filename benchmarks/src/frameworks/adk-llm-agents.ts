/**
 * Google ADK agent scenarios with `LlmAgent`s driven by a fake `BaseLlm`
 * (./adk-fake-llm.ts) and run through InMemoryRunner on a fresh session
 * (deleted between samples): the tool loop inside one LlmAgent, the
 * SequentialAgent / ParallelAgent workflow agents, and LLM-driven transfer
 * through `subAgents` and the built-in `transfer_to_agent` tool.
 */
import { FunctionTool, LlmAgent, ParallelAgent, SequentialAgent } from '@google/adk';
import type { Event, LlmAgentConfig, LlmRequest } from '@google/adk';
import { z } from 'zod';
import {
  TOOL_DESCRIPTION,
  TOOL_NAME,
  ToolCounter,
  USER_INPUT,
  agentAnswer,
  agentName,
  checkAnswers,
  checkHistory,
  checkReact,
  checkTransfer,
  counted,
  historyAnswer,
  reactDecision,
} from '../harness/agent-work.ts';
import type { AgentModule } from '../harness/types.ts';
import { FakeLlm, callContent, finalTexts, textContent, toolResponses } from './adk-fake-llm.ts';
import { sessionRun } from './adk-session.ts';

const textAgent = (i: number) =>
  new LlmAgent({ name: agentName(i), description: 'answers', model: new FakeLlm(() => textContent(agentAnswer(i))) });
const texts = (events: readonly Event[]) => finalTexts(events).map((t) => t.text);

/** The react-loop agent: the fake model calls `noop` until `turns` results are in, then answers. */
export function reactAgent(turns: number, counter: ToolCounter): LlmAgent {
  const noop = new FunctionTool({
    name: TOOL_NAME,
    description: TOOL_DESCRIPTION,
    parameters: z.object({ turn: z.number() }),
    execute: ({ turn }) => counter.run(turn),
  });
  const model = new FakeLlm((request) => {
    const d = reactDecision(toolResponses(request, TOOL_NAME), turns);
    return 'call' in d ? callContent(TOOL_NAME, { turn: d.call }, `c${d.call}`) : textContent(d.answer);
  });
  return new LlmAgent({ name: 'react', description: 'calls noop', model, tools: [noop] });
}

/** Texts of the contents ADK sent the model, one per content (its text parts joined). */
const contentTexts = (request: LlmRequest): string[] => request.contents.map((c) => (c.parts ?? []).map((p) => p.text ?? '').join(''));

/**
 * sequential-history's agent i: its fake model checks the history in the
 * request (ADK passes other agents' replies as user-role "For context:"
 * contents), then answers with historyAnswer(i).
 */
export function historyAgent(label: string, i: number, config: Pick<LlmAgentConfig, 'includeContents'> = {}): LlmAgent {
  const model = new FakeLlm((request) => {
    checkHistory(label, i, contentTexts(request));
    return textContent(historyAnswer(i));
  });
  return new LlmAgent({ name: agentName(i), description: 'answers', model, ...config });
}

export const adkLlmAgents: AgentModule = {
  'react-loop': async (turns) => {
    const counter = new ToolCounter();
    return counted(
      counter,
      sessionRun(reactAgent(turns, counter), {
        input: USER_INPUT,
        verify: (ev) => checkReact('adk-agents', texts(ev).at(-1), counter.count, turns),
      }),
    );
  },
  'sequential-agents': async (n) => {
    const root = new SequentialAgent({ name: 'seq', subAgents: Array.from({ length: n }, (_, i) => textAgent(i)) });
    return sessionRun(root, { input: USER_INPUT, verify: (ev) => checkAnswers('adk-agents sequential-agents', texts(ev), n, true) });
  },
  'sequential-history': async (n) => {
    // Agents of a SequentialAgent share the session, so each one's request holds the earlier replies.
    const root = new SequentialAgent({ name: 'seq', subAgents: Array.from({ length: n }, (_, i) => historyAgent('adk-agents', i)) });
    return sessionRun(root, {
      input: USER_INPUT,
      verify: (ev) => checkAnswers('adk-agents sequential-history', texts(ev), n, true, historyAnswer),
    });
  },
  'parallel-agents': async (n) => {
    const root = new ParallelAgent({ name: 'par', subAgents: Array.from({ length: n }, (_, i) => textAgent(i)) });
    return sessionRun(root, { input: USER_INPUT, verify: (ev) => checkAnswers('adk-agents parallel-agents', texts(ev), n, false) });
  },
  'transfer-chain': async (n) => {
    // Built from the leaf up: agent_{i+1} is agent_i's only sub-agent, and
    // agent_i's model calls transfer_to_agent({ agentName: agent_{i+1} }).
    let agent = textAgent(n - 1);
    for (let i = n - 2; i >= 0; i--) {
      const model = new FakeLlm(() => callContent('transfer_to_agent', { agentName: agentName(i + 1) }, `t${i}`));
      agent = new LlmAgent({ name: agentName(i), description: 'transfers', model, subAgents: [agent] });
    }
    return sessionRun(agent, {
      input: USER_INPUT,
      verify: (ev) => checkTransfer('adk-agents', texts(ev).at(-1), ev.filter((e) => e.actions.transferToAgent).length, n),
    });
  },
};

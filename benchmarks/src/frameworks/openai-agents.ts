/**
 * OpenAI Agents SDK (@openai/agents) peers: `Agent` + `run()` with a fake
 * `Model` (./openai-fake-model.ts) and tracing disabled. The SDK has agents,
 * tools and handoffs but no graph API and no workflow agents: the graph shapes
 * are n/a, sequential is N runs chained in user code (each run's output is the
 * next one's input; for sequential-history, each run's whole history),
 * parallel is Promise.all of N runs; those cells say so.
 */
import { Agent, run, setTracingDisabled, tool, type AgentInputItem } from '@openai/agents';
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
  historyAnswer,
  reactDecision,
} from '../harness/agent-work.ts';
import type { FrameworkModule, Run } from '../harness/types.ts';
import { FakeModel, callOutput, inputTexts, textOutput, toolResults } from './openai-fake-model.ts';

// No trace exporter may try the network (the harness would block it anyway).
setTracingDisabled(true);

const NO_GRAPH = { na: 'no graph API (agents, tools and handoffs only)' };
const textAgent = (i: number) =>
  new Agent({ name: agentName(i), instructions: '', model: new FakeModel(() => textOutput(agentAnswer(i))) });
const text = (out: unknown): string => (typeof out === 'string' ? out : '');
const noted = (note: string, run: Run): Run => Object.assign(run, { note });

export const openaiAgents: FrameworkModule = {
  chain: NO_GRAPH,
  'chain-checkpoint': NO_GRAPH,
  'chain-state': NO_GRAPH,
  'fan-out': NO_GRAPH,
  'agent-loop': NO_GRAPH,
  'react-loop': async (turns) => {
    const counter = new ToolCounter();
    const noop = tool({
      name: TOOL_NAME,
      description: TOOL_DESCRIPTION,
      parameters: z.object({ turn: z.number() }),
      execute: ({ turn }) => counter.run(turn),
    });
    const model = new FakeModel((request) => {
      const d = reactDecision(toolResults(request), turns);
      return 'call' in d ? callOutput(TOOL_NAME, { turn: d.call }, `c${d.call}`) : textOutput(d.answer);
    });
    const agent = new Agent({ name: 'react', instructions: '', model, tools: [noop] });
    return async () => {
      counter.count = 0;
      // maxTurns counts model calls (default 10).
      const res = await run(agent, USER_INPUT, { maxTurns: turns + 5 });
      checkReact('openai-agents', res.finalOutput, counter.count, turns);
    };
  },
  'sequential-agents': async (n) => {
    const agents = Array.from({ length: n }, (_, i) => textAgent(i));
    return noted('no workflow agents: N run() calls chained in user code', async () => {
      const answers: string[] = [];
      let input = USER_INPUT;
      for (const agent of agents) {
        input = text((await run(agent, input)).finalOutput);
        answers.push(input);
      }
      checkAnswers('openai-agents sequential-agents', answers, n, true);
    });
  },
  'sequential-history': async (n) => {
    // Each fake model checks the input items it was sent, then answers.
    const agents = Array.from(
      { length: n },
      (_, i) =>
        new Agent({
          name: agentName(i),
          instructions: '',
          model: new FakeModel((request) => {
            checkHistory('openai-agents', i, inputTexts(request));
            return textOutput(historyAnswer(i));
          }),
        }),
    );
    return noted("no workflow agents: N run() calls chained in user code, each given the last one's history", async () => {
      const answers: string[] = [];
      let input: string | AgentInputItem[] = USER_INPUT;
      for (const agent of agents) {
        const res: { finalOutput?: unknown; history: AgentInputItem[] } = await run(agent, input);
        answers.push(text(res.finalOutput));
        // The run's input items plus its new ones: the whole conversation so far.
        input = res.history;
      }
      checkAnswers('openai-agents sequential-history', answers, n, true, historyAnswer);
    });
  },
  'parallel-agents': async (n) => {
    const agents = Array.from({ length: n }, (_, i) => textAgent(i));
    return noted('no parallel agent primitive: Promise.all of N run() calls', async () => {
      const results = await Promise.all(agents.map((agent) => run(agent, USER_INPUT)));
      checkAnswers(
        'openai-agents parallel-agents',
        results.map((r) => text(r.finalOutput)),
        n,
        false,
      );
    });
  },
  'transfer-chain': async (n) => {
    // Built from the last agent back: each one's only handoff is the next agent.
    // The model calls the handoff tool the SDK advertises (transfer_to_agent_<i+1>).
    let next: Agent | undefined;
    for (let i = n - 1; i >= 0; i--) {
      const model = new FakeModel((request) => {
        const handoff = request.handoffs[0];
        return handoff ? callOutput(handoff.toolName, {}, `t${i}`) : textOutput(agentAnswer(i));
      });
      next = new Agent({ name: agentName(i), instructions: '', model, handoffs: next ? [next] : [] });
    }
    const first = next as Agent;
    return async () => {
      const res = await run(first, USER_INPUT, { maxTurns: n + 5 });
      const transfers = res.newItems.filter((item) => item.type === 'handoff_output_item').length;
      checkTransfer('openai-agents', res.finalOutput, transfers, n);
    };
  },
};

/**
 * Google ADK 2.x agent scenarios through the `Workflow` graph API, its
 * replacement for the deprecated workflow agents: the same fake-model
 * `LlmAgent`s as ./adk-llm-agents.ts, used as workflow nodes (an agent node
 * gets the previous node's output as its user turn). Run through
 * InMemoryRunner on a fresh session per run.
 */
import { FunctionNode, JoinNode, LlmAgent, Workflow } from '@google/adk';
import type { Event } from '@google/adk';
import {
  ToolCounter,
  USER_INPUT,
  agentAnswer,
  agentName,
  checkAnswers,
  checkReact,
  checkTransfer,
  counted,
  historyAnswer,
} from '../harness/agent-work.ts';
import type { AgentModule } from '../harness/types.ts';
import { FakeLlm, callContent, finalTexts, textContent } from './adk-fake-llm.ts';
import { historyAgent, reactAgent } from './adk-llm-agents.ts';
import { lastOutput, sessionRun } from './adk-session.ts';

const textAgents = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => new LlmAgent({ name: agentName(i), description: 'answers', model: new FakeLlm(() => textContent(agentAnswer(i))) }),
  );
const texts = (events: readonly Event[]) => finalTexts(events).map((t) => t.text);

export const adkWorkflowAgents: AgentModule = {
  'react-loop': async (turns) => {
    const counter = new ToolCounter();
    const wf = new Workflow({ name: 'react_wf', edges: [['START', reactAgent(turns, counter)]] });
    return counted(counter, sessionRun(wf, { input: USER_INPUT, verify: (ev) => checkReact('adk', lastOutput(ev), counter.count, turns) }));
  },
  'sequential-agents': async (n) => {
    // One chain edge item wires consecutive agents.
    const wf = new Workflow({ name: 'seq_wf', edges: [['START', ...textAgents(n)]] });
    return sessionRun(wf, { input: USER_INPUT, verify: (ev) => checkAnswers('adk sequential-agents', texts(ev), n, true) });
  },
  'sequential-history': async (n) => {
    // A Workflow sets an agent node to includeContents 'none' (it would see only
    // the previous answer) unless set explicitly, and an agent node appends its
    // input as a user turn, so with 'default' every earlier answer would reach
    // the next agent twice. Each agent therefore follows a no-output
    // FunctionNode: it has no input to append, and reads the session's history.
    const edges = Array.from({ length: n }, (_, i) => [
      new FunctionNode(`before_${i}`, () => null),
      historyAgent('adk', i, { includeContents: 'default' }),
    ]).flat();
    const wf = new Workflow({ name: 'seq_history_wf', edges: [['START', ...edges]] });
    const run = sessionRun(wf, {
      input: USER_INPUT,
      verify: (ev) => checkAnswers('adk sequential-history', texts(ev), n, true, historyAnswer),
    });
    run.note = 'a no-output FunctionNode before each agent node, else it re-sends each answer as a user turn';
    return run;
  },
  'parallel-agents': async (n) => {
    // A Workflow must end in one terminal output, so the fan-out needs ADK's
    // JoinNode barrier (stock: it forwards { agent: output }). One extra node.
    const wf = new Workflow({ name: 'par_wf', edges: [['START', textAgents(n), new JoinNode({ name: 'join' })]] });
    return sessionRun(wf, {
      input: USER_INPUT,
      verify: (ev) => checkAnswers('adk parallel-agents', Object.values(lastOutput(ev) as Record<string, string>), n, false),
    });
  },
  'transfer-chain': async (n) => {
    let agent = textAgents(n)[n - 1] as LlmAgent;
    for (let i = n - 2; i >= 0; i--) {
      const model = new FakeLlm(() => callContent('transfer_to_agent', { agentName: agentName(i + 1) }, `t${i}`));
      agent = new LlmAgent({ name: agentName(i), description: 'transfers', model, subAgents: [agent] });
    }
    const wf = new Workflow({ name: 'transfer_wf', edges: [['START', agent]] });
    return sessionRun(wf, {
      input: USER_INPUT,
      verify: (ev) => checkTransfer('adk', lastOutput(ev), ev.filter((e) => e.actions.transferToAgent).length, n),
    });
  },
};

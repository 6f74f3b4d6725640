/**
 * Weft's agent-level scenarios: @weft/agents agents run by `new Runner({ agent })`,
 * with @weft/models' scriptedModel as the fake model. `weft-ckpt` gives the
 * Runner a MemoryStore and runs each sample on a fresh thread (deleted between
 * samples), so every graph step writes a checkpoint.
 */
import { Runner, chatModelAgent, textOf, parallel, sequential, tool, withSubAgents, type Agent, type AgentRunResult } from '@weft/agents';
import { MemoryStore, type CheckpointPolicy } from '@weft/graph';
import { scriptedModel, type ScriptedModel, type ScriptItem } from '@weft/models';
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
import type { AgentModule, Run } from '../harness/types.ts';

/** One script item answering every call (repeatLast), so a model serves all runs. */
// record: false — the peers' fake models do not copy every request either.
const model = (item: ScriptItem, name: string): ScriptedModel => scriptedModel([item], { name, repeatLast: true, record: false });

/** Texts of a run's final (non-tool-call) assistant messages, in event order. */
function answers(res: AgentRunResult): string[] {
  return res.events.flatMap((e) => {
    const m = e.output?.message;
    return m?.role === 'assistant' && !m.toolCalls?.length ? [textOf(m)] : [];
  });
}

/** What ended a failed run, down its causes (a model's error sits under the node's), for the cell's message. */
function why(error: unknown): string {
  let text = '';
  for (let e = error; e instanceof Error; e = e.cause) text += `: ${e.message}`;
  return text;
}

/**
 * A timed `runner.query()` that checks the result. The scripted models record
 * every call; `reset()` (untimed) forgets those records, and drops the run's
 * thread when there is a store, so memory stays flat across samples.
 */
function timed(label: string, agent: Agent, models: ScriptedModel[], column: WeftColumn, verify: (r: AgentRunResult) => void): Run {
  const store = column.checkpointed ? new MemoryStore() : undefined;
  const runner = new Runner({ agent, ...(store ? { store, checkpoints: column.checkpoints } : {}) });
  let runs = 0;
  let threadId = '';
  const run: Run = async () => {
    threadId = `t${++runs}`;
    const res = await runner.query(USER_INPUT, store ? { threadId } : {});
    if (res.status !== 'done') throw new Error(`weft ${label} status: expected done, got ${res.status}${why(res.error)}`);
    verify(res);
  };
  run.reset = async () => {
    for (const m of models) m.reset();
    if (store && threadId) await store.delete(threadId);
  };
  return run;
}

/** Which Weft column: with a store or not, and which checkpoints a run with a store writes. */
interface WeftColumn {
  checkpointed: boolean;
  checkpoints: CheckpointPolicy;
}

export function weftAgentModule(checkpointed: boolean, checkpoints: CheckpointPolicy = 'every-step'): AgentModule {
  const column: WeftColumn = { checkpointed, checkpoints };
  return {
    'react-loop': async (turns) => {
      const counter = new ToolCounter();
      const noop = tool<{ turn: number }>({
        name: TOOL_NAME,
        description: TOOL_DESCRIPTION,
        parameters: { type: 'object', properties: { turn: { type: 'integer' } }, required: ['turn'] },
        execute: ({ turn }) => counter.run(turn),
      });
      // A function item: decides from the tool results already in the history.
      const m = model((messages) => {
        const d = reactDecision(messages.filter((x) => x.role === 'tool').length, turns);
        return 'call' in d ? { toolCalls: [{ name: TOOL_NAME, arguments: { turn: d.call }, id: `c${d.call}` }] } : { text: d.answer };
      }, 'react');
      const agent = chatModelAgent({ name: 'react', description: '', model: m, tools: [noop], maxIterations: turns + 1 });
      return counted(
        counter,
        timed('react-loop', agent, [m], column, (res) => checkReact('weft', answers(res).at(-1), counter.count, turns)),
      );
    },
    'sequential-agents': async (n) => {
      const models = Array.from({ length: n }, (_, i) => model({ text: agentAnswer(i) }, agentName(i)));
      const subAgents = models.map((m, i) => chatModelAgent({ name: agentName(i), description: '', model: m }));
      const agent = sequential({ name: 'seq', description: '', subAgents });
      return timed('sequential-agents', agent, models, column, (res) => checkAnswers('weft sequential-agents', answers(res), n, true));
    },
    'sequential-history': async (n) => {
      // Function items: each model checks the session history it was sent, then answers.
      const models = Array.from({ length: n }, (_, i) =>
        model((messages) => {
          const texts = messages.map((m) => textOf(m));
          checkHistory('weft', i, texts);
          return { text: historyAnswer(i) };
        }, agentName(i)),
      );
      const subAgents = models.map((m, i) => chatModelAgent({ name: agentName(i), description: '', model: m }));
      const agent = sequential({ name: 'seq', description: '', subAgents });
      return timed('sequential-history', agent, models, column, (res) =>
        checkAnswers('weft sequential-history', answers(res), n, true, historyAnswer),
      );
    },
    'parallel-agents': async (n) => {
      const models = Array.from({ length: n }, (_, i) => model({ text: agentAnswer(i) }, agentName(i)));
      const subAgents = models.map((m, i) => chatModelAgent({ name: agentName(i), description: '', model: m }));
      const agent = parallel({ name: 'par', description: '', subAgents });
      return timed('parallel-agents', agent, models, column, (res) => checkAnswers('weft parallel-agents', answers(res), n, false));
    },
    'transfer-chain': async (n) => {
      // agent_i (i < n-1) asks for transfer_to_agent(agent_{i+1}); the last one answers.
      const models = Array.from({ length: n }, (_, i) =>
        model(
          i < n - 1
            ? { toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: agentName(i + 1) }, id: `t${i}` }] }
            : { text: agentAnswer(i) },
          agentName(i),
        ),
      );
      // Built from the leaf up: agent_{i+1} is the only sub-agent of agent_i.
      let agent = chatModelAgent({ name: agentName(n - 1), description: 'answers', model: models[n - 1]! });
      for (let i = n - 2; i >= 0; i--)
        agent = withSubAgents(chatModelAgent({ name: agentName(i), description: 'transfers', model: models[i]! }), [agent]);
      return timed('transfer-chain', agent, models, column, (res) => {
        const transfers = res.events.filter((e) => e.action?.transferToAgent).length;
        checkTransfer('weft', answers(res).at(-1), transfers, n);
      });
    },
  };
}

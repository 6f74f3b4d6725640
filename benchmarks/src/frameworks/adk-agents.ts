/**
 * Google ADK peers, built the pre-2.x way: custom `BaseAgent` subclasses
 * composed with SequentialAgent / ParallelAgent / LoopAgent. ADK 2.0 marks
 * these workflow agents deprecated in favour of `Workflow`, but they are what
 * most existing ADK apps use, so both styles are measured. Agents have no
 * input/output wiring; data moves through session state deltas, ADK's
 * idiomatic channel between agents.
 */
import { BaseAgent, LoopAgent, ParallelAgent, SequentialAgent, createEvent, createEventActions } from '@google/adk';
import type { Event, InvocationContext } from '@google/adk';
import type { Factory, FrameworkModule } from '../harness/types.ts';
import {
  branch,
  check,
  checkCountState,
  fakeModel,
  fakeTool,
  fanOutTotal,
  inc,
  nodeName,
  sum,
  type ModelMsg,
  type ToolMsg,
} from '../harness/work.ts';
import { adkLlmAgents } from './adk-llm-agents.ts';
import { finalState, sessionRun } from './adk-session.ts';

type State = Readonly<Record<string, unknown>>;
type Step = (state: State) => Promise<{ delta: Record<string, unknown>; escalate?: boolean }>;

/** The thinnest useful custom agent: run one function, yield one event carrying its state delta. */
class StepAgent extends BaseAgent {
  readonly #step: Step;
  constructor(name: string, step: Step) {
    super({ name });
    this.#step = step;
  }
  protected async *runAsyncImpl(ctx: InvocationContext): AsyncGenerator<Event, void, void> {
    const { delta, escalate } = await this.#step(ctx.session.state);
    yield createEvent({
      invocationId: ctx.invocationId,
      author: this.name,
      branch: ctx.branch,
      // escalate is how a sub-agent tells LoopAgent to stop.
      actions: createEventActions({ stateDelta: delta, ...(escalate ? { escalate } : {}) }),
    });
  }
  // eslint-disable-next-line require-yield -- live mode is not part of the benchmark
  protected async *runLiveImpl(): AsyncGenerator<Event, void, void> {
    throw new Error(`${this.name}: live mode is not benchmarked`);
  }
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

function chainAgent(n: number): SequentialAgent {
  const steps = Array.from({ length: n }, (_, i) => new StepAgent(`n${i}`, async (s) => ({ delta: { x: await inc(num(s['x'])) } })));
  return new SequentialAgent({ name: 'chain', subAgents: steps });
}

const chain: Factory = async (n) => sessionRun(chainAgent(n), { verify: (ev) => check('adk-agents chain', finalState(ev, 'x'), n) });

// As with the Workflow variant, the session event log is always written;
// resumability is the only extra ADK offers.
const chainCheckpoint: Factory = async (n) =>
  sessionRun(chainAgent(n), {
    resumable: true,
    reportBytes: true,
    verify: (ev) => check('adk-agents chain-checkpoint', finalState(ev, 'x'), n),
  });

// Each StepAgent reads the session state and yields its delta, { count, last }.
const chainState: Factory = async (n) => {
  const steps = Array.from({ length: n }, (_, i) => {
    const name = nodeName(i);
    return new StepAgent(name, async (s) => ({ delta: { count: num(s['count']) + 1, last: name } }));
  });
  const root = new SequentialAgent({ name: 'chain_state', subAgents: steps });
  return sessionRun(root, {
    verify: (ev) => checkCountState('adk-agents', { count: finalState(ev, 'count'), last: finalState(ev, 'last') }, n),
  });
};

const fanOut: Factory = async (width) => {
  const keys = Array.from({ length: width }, (_, i) => `p${i}`);
  const par = new ParallelAgent({
    name: 'branches',
    subAgents: keys.map((key, i) => new StepAgent(key, async (s) => ({ delta: { [key]: await branch(num(s['x']), i) } }))),
  });
  // SequentialAgent is the only way to put a node after a ParallelAgent, so it
  // is the join: the 'join' agent runs once every branch has finished.
  const root = new SequentialAgent({
    name: 'fan_out',
    subAgents: [
      new StepAgent('start', async () => ({ delta: { x: await inc(-1) } })),
      par,
      new StepAgent('join', async (s) => ({ delta: { total: await sum(keys.map((k) => num(s[k]))) } })),
    ],
  });
  return sessionRun(root, { verify: (ev) => check('adk-agents fan-out', finalState(ev, 'total'), fanOutTotal(width)) });
};

const agentLoop: Factory = async (turns) => {
  const model = fakeModel(turns);
  const root = new LoopAgent({
    name: 'agent_loop',
    subAgents: [
      new StepAgent('model', async (s) => {
        const msg = await model((s['tool'] as ToolMsg | undefined) ?? { turn: 0 });
        // No tool call means a final answer: escalate ends the loop before 'tools' runs.
        return { delta: { model: msg }, escalate: !msg.toolCall };
      }),
      new StepAgent('tools', async (s) => ({ delta: { tool: await fakeTool(s['model'] as ModelMsg) } })),
    ],
  });
  return sessionRun(root, {
    verify: (ev) => check('adk-agents agent-loop turns', (finalState(ev, 'model') as ModelMsg | undefined)?.turn, turns),
  });
};

export const adkAgents = {
  chain,
  'chain-checkpoint': chainCheckpoint,
  'chain-state': chainState,
  'fan-out': fanOut,
  'agent-loop': agentLoop,
  ...adkLlmAgents,
} satisfies FrameworkModule;

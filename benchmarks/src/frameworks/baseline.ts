/**
 * The floor: a plain `for` loop awaiting the same trivial functions the
 * frameworks wrap. Whatever a framework costs above this is orchestration.
 */
import type { Factory, FrameworkModule } from '../harness/types.ts';
import {
  branch,
  check,
  checkCountState,
  countStep,
  fakeModel,
  fakeTool,
  fanOutTotal,
  inc,
  nodeName,
  sum,
  type CountState,
} from '../harness/work.ts';
import { baselineAgents } from './baseline-agents.ts';

const chain: Factory = async (n) => async () => {
  let x = 0;
  for (let i = 0; i < n; i++) x = await inc(x);
  check('baseline chain', x, n);
};

// A plain loop has nothing to checkpoint; the honest floor for this shape is
// "keep the last value", which is exactly the chain. Kept separate so the
// table has a row for it rather than a gap.
const chainCheckpoint: Factory = chain;

// The same updates on a plain object, one awaited call per node.
const chainState: Factory = async (n) => {
  const names = Array.from({ length: n }, (_, i) => nodeName(i));
  return async () => {
    const state: CountState = { count: 0, last: '' };
    for (const name of names) await countStep(state, name);
    checkCountState('baseline', state, n);
  };
};

const fanOut: Factory = async (width) => async () => {
  const start = await inc(-1);
  const outs = await Promise.all(Array.from({ length: width }, (_, i) => branch(start, i)));
  check('baseline fan-out', await sum(outs), fanOutTotal(width));
};

const agentLoop: Factory = async (turns) => {
  const model = fakeModel(turns);
  return async () => {
    let msg = await model({ turn: 0 });
    while (msg.toolCall) msg = await model(await fakeTool(msg));
    check('baseline agent-loop turns', msg.turn, turns);
  };
};

export const baseline = {
  chain,
  'chain-checkpoint': chainCheckpoint,
  'chain-state': chainState,
  'fan-out': fanOut,
  'agent-loop': agentLoop,
  ...baselineAgents,
} satisfies FrameworkModule;

/**
 * Weft implementations, written against the @weft/graph API as specified
 * (graph() builder -> compile() -> run()). The engine is still being written,
 * so this file may not typecheck or run yet; the harness loads it lazily and
 * shows "error: ..." in the Weft column until it does.
 *
 * Keep these as close as possible to the LangGraph/ADK versions: same trivial
 * functions from ../harness/work.ts, same node counts, same verification.
 */
import { END, MemoryStore, START, graph } from '@weft/graph';
import type { Factory, FrameworkModule, Run } from '../harness/types.ts';
import { branch, check, fakeModel, fakeTool, fanOutTotal, inc, sum, type ModelMsg, type ToolMsg } from '../harness/work.ts';

// Headroom over the real step count so maxSteps never ends a run early.
const maxStepsFor = (steps: number): number => steps + 10;

function chainGraph(n: number, store?: MemoryStore) {
  let b = graph({ name: 'chain' });
  for (let i = 0; i < n; i++) b = b.addNode(`n${i}`, async (x: number) => inc(x));
  b = b.addEdge(START, 'n0');
  for (let i = 1; i < n; i++) b = b.addEdge(`n${i - 1}`, `n${i}`);
  b = b.addEdge(`n${n - 1}`, END);
  return b.compile({ ...(store ? { store } : {}), maxSteps: maxStepsFor(n) });
}

const chain: Factory = async (n) => {
  const g = chainGraph(n);
  return async () => {
    const res = await g.run(0);
    check('weft chain status', res.status, 'done');
    check('weft chain', res.output, n);
  };
};

const chainCheckpoint: Factory = async (n) => {
  const store = new MemoryStore();
  const g = chainGraph(n, store);
  // Fresh thread per run, matching the LangGraph/ADK variants.
  let runs = 0;
  let threadId = '';
  const run: Run = async () => {
    threadId = `t${++runs}`;
    const res = await g.run(0, { threadId });
    check('weft chain-checkpoint status', res.status, 'done');
    check('weft chain-checkpoint', res.output, n);
  };
  run.reset = () => (threadId ? store.delete(threadId) : undefined);
  // Counted like LangGraph's MemorySaver: encoded checkpoint bytes plus the
  // ids stored beside them (numeric fields are not counted on either side).
  run.storedBytes = async () => {
    let total = 0;
    for (const e of await store.list(threadId)) {
      total += e.bytes.byteLength + Buffer.byteLength(e.id) + Buffer.byteLength(e.threadId) + Buffer.byteLength(e.parentId ?? '');
    }
    return total;
  };
  return run;
};

const fanOut: Factory = async (width) => {
  let b = graph({ name: 'fan-out' }).addNode('start', async () => inc(-1));
  for (let i = 0; i < width; i++) b = b.addNode(`p${i}`, async (x: number) => branch(x, i));
  // trigger 'all': the join runs once, with {predecessor: output} for every branch.
  b = b.addNode('join', async (parts: Record<string, number>) => sum(Object.values(parts)), { trigger: 'all' });
  b = b.addEdge(START, 'start');
  for (let i = 0; i < width; i++) b = b.addEdge('start', `p${i}`).addEdge(`p${i}`, 'join');
  const g = b.addEdge('join', END).compile({ maxSteps: maxStepsFor(width + 2) });
  return async () => {
    const res = await g.run(undefined);
    check('weft fan-out status', res.status, 'done');
    check('weft fan-out', res.output, fanOutTotal(width));
  };
};

const agentLoop: Factory = async (turns) => {
  const model = fakeModel(turns);
  const g = graph({ name: 'agent-loop' })
    .addNode('model', async (input: ToolMsg | { turn: number }) => model(input))
    .addNode('tools', async (msg: ModelMsg) => fakeTool(msg))
    .addEdge(START, 'model')
    .addBranch('model', (out: ModelMsg) => (out.toolCall ? 'tools' : END), ['tools', END])
    .addEdge('tools', 'model')
    .compile({ maxSteps: maxStepsFor(2 * turns) });
  return async () => {
    const res = await g.run({ turn: 0 });
    check('weft agent-loop status', res.status, 'done');
    check('weft agent-loop turns', (res.output as ModelMsg | undefined)?.turn, turns);
  };
};

export const weft = {
  chain,
  'chain-checkpoint': chainCheckpoint,
  'fan-out': fanOut,
  'agent-loop': agentLoop,
} satisfies FrameworkModule;

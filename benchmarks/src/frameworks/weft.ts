/**
 * Weft implementations: graph() builder → compile() → run(). Two columns: `weft`
 * runs without a store; `weft-ckpt` compiles every shape with a MemoryStore and
 * runs each sample on a fresh thread, so every step writes a checkpoint.
 * Same trivial functions and verification as the peers (../harness/work.ts).
 */
import { END, MemoryStore, START, graph, type CheckpointPolicy, type CompiledGraph, type RunResult } from '@weft/graph';
import type { Factory, FrameworkModule, Run } from '../harness/types.ts';
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
  type CountState,
  type ModelMsg,
  type ToolMsg,
} from '../harness/work.ts';
import { weftAgentModule } from './weft-agents.ts';

// Headroom over the real step count so maxSteps never ends a run early.
const maxStepsFor = (steps: number): number => steps + 10;

export function chainGraph(n: number, store?: MemoryStore) {
  let b = graph<number, number>({ name: 'chain' });
  for (let i = 0; i < n; i++) b = b.addNode(`n${i}`, async (x: number) => inc(x));
  b = b.addEdge(START, 'n0');
  for (let i = 1; i < n; i++) b = b.addEdge(`n${i - 1}`, `n${i}`);
  return b.addEdge(`n${n - 1}`, END).compile({ ...(store ? { store } : {}), maxSteps: maxStepsFor(n) });
}

/** chain-state: nodes pass nothing along; each updates the state with an immer recipe. */
function chainStateGraph(n: number, store?: MemoryStore) {
  let b = graph<undefined, undefined, CountState>({ name: 'chain-state', state: () => ({ count: 0, last: '' }) });
  for (let i = 0; i < n; i++) {
    const name = nodeName(i);
    b = b.addNode(name, async (_: undefined, ctx) => {
      ctx.update((s) => {
        s.count += 1;
        s.last = name;
      });
    });
  }
  b = b.addEdge(START, nodeName(0));
  for (let i = 1; i < n; i++) b = b.addEdge(nodeName(i - 1), nodeName(i));
  return b.addEdge(nodeName(n - 1), END).compile({ ...(store ? { store } : {}), maxSteps: maxStepsFor(n) });
}

function fanOutGraph(width: number, store?: MemoryStore) {
  let b = graph<undefined, number>({ name: 'fan-out' }).addNode('start', async () => inc(-1));
  for (let i = 0; i < width; i++) b = b.addNode(`p${i}`, async (x: number) => branch(x, i));
  // trigger 'all': the join runs once, with {predecessor: output} for every branch.
  b = b.addNode('join', async (parts: Record<string, number>) => sum(Object.values(parts)), { trigger: 'all' });
  b = b.addEdge(START, 'start');
  for (let i = 0; i < width; i++) b = b.addEdge('start', `p${i}`).addEdge(`p${i}`, 'join');
  return b.addEdge('join', END).compile({ ...(store ? { store } : {}), maxSteps: maxStepsFor(width + 2) });
}

function loopGraph(turns: number, store?: MemoryStore) {
  const model = fakeModel(turns);
  return graph<{ turn: number }, ModelMsg>({ name: 'agent-loop' })
    .addNode('model', async (input: ToolMsg | { turn: number }) => model(input))
    .addNode('tools', async (msg: ModelMsg) => fakeTool(msg))
    .addEdge(START, 'model')
    .addBranch('model', (out) => (out.toolCall ? 'tools' : END), ['tools', END])
    .addEdge('tools', 'model')
    .compile({ ...(store ? { store } : {}), maxSteps: maxStepsFor(2 * turns) });
}

/**
 * A timed run of `g` that checks its output. With a store, each sample uses a
 * fresh thread, dropped between samples so memory stays flat, and the bytes
 * stored for the last run are counted (ids included, as for LangGraph).
 */
function timed<I, O, S>(
  label: string,
  g: CompiledGraph<I, O, S>,
  input: I,
  verify: (res: RunResult<O, S>) => void,
  store: MemoryStore | undefined,
  checkpoints: CheckpointPolicy,
): Run {
  let runs = 0;
  let threadId = '';
  const run: Run = async () => {
    threadId = `t${++runs}`;
    const res = await g.run(input, store ? { threadId, checkpoints } : {});
    check(`weft ${label} status`, res.status, 'done');
    verify(res);
  };
  if (store) {
    run.reset = () => (threadId ? store.delete(threadId) : undefined);
    run.storedBytes = async () => {
      let total = 0;
      for (const e of await store.list(threadId)) {
        total += e.bytes.byteLength + Buffer.byteLength(e.id) + Buffer.byteLength(e.threadId) + Buffer.byteLength(e.parentId ?? '');
      }
      return total;
    };
  }
  return run;
}

/**
 * One Weft column: no store (`weft`), or a MemoryStore with a checkpoint at
 * every step (`weft-ckpt`) or only where each run stops (`weft-exit`).
 */
function module(checkpointed: boolean, checkpoints: CheckpointPolicy = 'every-step'): FrameworkModule {
  const store = () => (checkpointed ? new MemoryStore() : undefined);
  const output =
    (label: string, want: unknown) =>
    (res: RunResult<unknown, unknown>): void =>
      check(`weft ${label}`, res.output, want);
  const chain: Factory = async (n) => {
    const s = store();
    return timed('chain', chainGraph(n, s), 0, output('chain', n), s, checkpoints);
  };
  const chainCheckpoint: Factory = async (n) => {
    const s = new MemoryStore();
    return timed('chain-checkpoint', chainGraph(n, s), 0, output('chain-checkpoint', n), s, checkpoints);
  };
  const chainState: Factory = async (n) => {
    const s = store();
    return timed('chain-state', chainStateGraph(n, s), undefined, (res) => checkCountState('weft', res.state, n), s, checkpoints);
  };
  const fanOut: Factory = async (width) => {
    const s = store();
    return timed('fan-out', fanOutGraph(width, s), undefined, output('fan-out', fanOutTotal(width)), s, checkpoints);
  };
  const agentLoop: Factory = async (turns) => {
    const s = store();
    return timed(
      'agent-loop',
      loopGraph(turns, s),
      { turn: 0 },
      (res) => check('weft agent-loop', res.output?.turn, turns),
      s,
      checkpoints,
    );
  };
  return {
    chain,
    'chain-checkpoint': chainCheckpoint,
    'chain-state': chainState,
    'fan-out': fanOut,
    'agent-loop': agentLoop,
    ...weftAgentModule(checkpointed, checkpoints),
  };
}

export const weft = module(false) satisfies FrameworkModule;
export const weftCheckpointed = module(true) satisfies FrameworkModule;
export const weftOnExit = module(true, 'on-exit') satisfies FrameworkModule;

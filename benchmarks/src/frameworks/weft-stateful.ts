/**
 * Weft's stateful shapes, all with a MemoryStore (they need one):
 * interrupt-resume is a graph START -> ask -> END whose node calls
 * interrupt(); interrupt-resume-state is START -> a -> ask -> c -> END whose
 * nodes append to a `log` in the graph's state with `ctx.update` recipes;
 * growing-history is one chatModelAgent queried turn after turn
 * on one thread of a Runner, so its history grows by two messages a turn.
 */
import { Runner, chatModelAgent, textOf } from '@weft/agents';
import { END, MemoryStore, START, graph, interrupt, type CheckpointPolicy, type CompiledGraph, type RunResult } from '@weft/graph';
import { scriptedModel } from '@weft/models';
import { APPROVAL, QUESTION, checkStateLog, conversationRun, turnAnswer, turnInput } from '../harness/stateful-work.ts';
import type { Factory, Run } from '../harness/types.ts';
import { check } from '../harness/work.ts';

let threadSeq = 0;
const freshThread = (): string => `t${++threadSeq}`;

/**
 * `cycles` times: run `g` to its interrupt on a fresh thread, check it, resume
 * with APPROVAL and check the result; the threads are dropped between samples.
 */
function interruptCycles<S>(
  g: CompiledGraph<string, string, S>,
  store: MemoryStore,
  cycles: number,
  verify: (done: RunResult<string, S>) => void,
): Run {
  let threads: string[] = [];
  const run: Run = async () => {
    for (let i = 0; i < cycles; i++) {
      const threadId = freshThread();
      threads.push(threadId);
      const paused = await g.run('go', { threadId });
      check('weft interrupt status', paused.status, 'interrupted');
      const first = paused.interrupts[0];
      check('weft interrupt info', first?.info, QUESTION);
      const done = await g.resume({ threadId, resume: { [first?.id ?? '']: APPROVAL } });
      check('weft resume status', done.status, 'done');
      verify(done);
    }
  };
  run.reset = async () => {
    for (const t of threads) await store.delete(t);
    threads = [];
  };
  return run;
}

/** Each shape for the `weft-ckpt` column (a checkpoint at every step) or `weft-exit` (only where a run stops). */
export const interruptResume =
  (checkpoints: CheckpointPolicy = 'every-step'): Factory =>
  async (cycles) => {
    const store = new MemoryStore();
    const g = graph<string, string>({ name: 'interrupt-resume' })
      .addNode('ask', async () => interrupt<string>(QUESTION))
      .addEdge(START, 'ask')
      .addEdge('ask', END)
      .compile({ store, checkpoints });
    return interruptCycles(g, store, cycles, (done) => check('weft resume output', done.output, APPROVAL));
  };

export const interruptResumeState =
  (checkpoints: CheckpointPolicy = 'every-step'): Factory =>
  async (cycles) => {
    const store = new MemoryStore();
    // An interrupted node's updates are discarded and it runs again from the
    // top on resume, so `ask` appends 'ask' before interrupt() and still ends
    // up with one 'ask' in the log.
    const g = graph<string, string, { log: string[] }>({ name: 'interrupt-resume-state', state: () => ({ log: [] }) })
      .addNode('a', async (x: string, ctx) => {
        ctx.update((s) => void s.log.push('a'));
        return x;
      })
      .addNode('ask', async (_: string, ctx) => {
        ctx.update((s) => void s.log.push('ask'));
        const answer = interrupt<string>(QUESTION);
        ctx.update((s) => void s.log.push(answer));
        return answer;
      })
      .addNode('c', async (x: string, ctx) => {
        ctx.update((s) => void s.log.push('c'));
        return x;
      })
      .addEdge(START, 'a')
      .addEdge('a', 'ask')
      .addEdge('ask', 'c')
      .addEdge('c', END)
      .compile({ store, checkpoints });
    return interruptCycles(g, store, cycles, (done) => checkStateLog('weft', done.state.log));
  };

export const growingHistory =
  (checkpoints: CheckpointPolicy = 'every-step'): Factory =>
  async (turns) => {
    let seen = 0;
    const model = scriptedModel(
      [
        (messages) => {
          seen = messages.length;
          return { text: turnAnswer(messages.filter((m) => m.role === 'user').length) };
        },
      ],
      { name: 'chat', repeatLast: true, record: false },
    );
    const store = new MemoryStore();
    const runner = new Runner({ agent: chatModelAgent({ name: 'chat', description: '', model }), store, checkpoints });
    return conversationRun('weft', turns, {
      begin: freshThread,
      turn: async (threadId, k) => {
        const res = await runner.query(turnInput(k), { threadId });
        check('weft growing-history status', res.status, 'done');
        const answer = res.events.map((e) => e.output?.message).findLast((m) => m?.role === 'assistant');
        return { answer: answer && textOf(answer), seen };
      },
      end: (threadId) => store.delete(threadId),
    });
  };

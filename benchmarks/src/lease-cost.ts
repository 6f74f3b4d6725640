/**
 * What one runner per thread costs (part (c) of the storage benchmark): every
 * run claims the thread's lease before it starts and releases it at the end.
 * For each store, a wrapper counts the store calls of one checkpointed run of
 * 3 steps and one of 50 (the lease's writes must stay 2 while the puts grow
 * with the steps), and the claim + release pair is timed on its own against a
 * whole 3-step run.
 */
import { END, START, graph, type CheckpointStore } from '@weft/graph';

const SAMPLES = 200;

export interface LeaseRow {
  store: string;
  /** Store calls of one run, by method, for a run of 3 and of 50 steps. */
  calls: Record<'3 steps' | '50 steps', Record<string, number>>;
  /** Median µs of claimThread + releaseThread on a free thread. */
  leaseUs: number;
  /** Median µs of a whole 3-step checkpointed run (lease included). */
  runUs: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const us = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e3;

/** The store with every method call counted; putSync counts as a put. */
function counting(store: CheckpointStore): { store: CheckpointStore; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const wrapped = new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        const name = key === 'putSync' ? 'put' : key;
        counts.set(name, (counts.get(name) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store: wrapped, counts };
}

function counter(store: CheckpointStore, steps: number) {
  return graph<number, number, { n: number }>({ name: 'lease-cost', state: () => ({ n: 0 }) })
    .addNode('step', (n: number, ctx) => (ctx.set(['n'], n + 1), n + 1))
    .addEdge(START, 'step')
    .addBranch('step', (n) => (n < steps ? 'step' : END), ['step', END])
    .compile({ store, maxSteps: steps + 10 });
}

async function callsOfOneRun(store: CheckpointStore, steps: number, threadId: string): Promise<Record<string, number>> {
  const { store: counted, counts } = counting(store);
  const res = await counter(counted, steps).run(0, { threadId });
  if (res.status !== 'done' || res.output !== steps) throw new Error(`lease cost: ${res.status} ${String(res.output)}`);
  return Object.fromEntries([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

export async function leaseCost(label: string, store: CheckpointStore): Promise<LeaseRow> {
  const tag = `${label.replace(/\W+/g, '-')}-${Date.now()}`;
  const calls = {
    '3 steps': await callsOfOneRun(store, 3, `lease-calls-3-${tag}`),
    '50 steps': await callsOfOneRun(store, 50, `lease-calls-50-${tag}`),
  };
  const lease: number[] = [];
  const run: number[] = [];
  const g = counter(store, 3);
  for (let i = 0; i < SAMPLES + 10; i++) {
    const t0 = process.hrtime.bigint();
    const held = await store.claimThread(`lease-pair-${tag}-${i}`, { holder: 'bench' });
    await store.releaseThread(held);
    const l = us(t0);
    const r0 = process.hrtime.bigint();
    await g.run(0, { threadId: `lease-run-${tag}-${i}` });
    const r = us(r0);
    if (i < 10) continue; // warm-up
    lease.push(l);
    run.push(r);
  }
  return { store: label, calls, leaseUs: median(lease), runUs: median(run) };
}

/** The rows as the Markdown table the storage benchmark prints. */
export function leaseTable(rows: LeaseRow[]): string[] {
  const show = (c: Record<string, number>) =>
    ['claimThread', 'releaseThread', 'renewThread', 'put'].map((m) => `${m.replace('Thread', '')} ${c[m] ?? 0}`).join(', ');
  return [
    `\n## The thread lease per run (median of ${SAMPLES}; store calls counted on one run)\n`,
    '| store | calls, 3-step run | calls, 50-step run | claim + release µs | 3-step run µs | lease share |',
    '| --- | --- | --- | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.store} | ${show(r.calls['3 steps'])} | ${show(r.calls['50 steps'])} | ${r.leaseUs.toFixed(1)} | ${r.runUs.toFixed(1)} | ${((100 * r.leaseUs) / r.runUs).toFixed(0)}% |`,
    ),
  ];
}

/**
 * Checkpoint storage benchmark (issue 5, Performance), separate from the
 * per-step harness in main.ts. One process run measures:
 *
 * (a) a 200-step run whose single node appends 1 KB to a list in state each
 *     step, on Weft (MemoryStore, SqliteStore sync/async, PostgresStore when
 *     WEFT_PG_URL is set) and LangGraph.js (MemorySaver, SqliteSaver): run time,
 *     per-step µs, bytes stored for the thread, final state size, their ratio,
 *     and the time to load the latest checkpoint (getState).
 * (b) resume latency on Weft SqliteStore: threads of 10 and 1000 steps that end
 *     in interrupt(); getState (load) and resume (load + first step) timed
 *     separately, 1 KB appends and a counter-only variant.
 * (c) the thread lease per run on every Weft store (see lease-cost.ts).
 * (d) a 5 MB Uint8Array in a 50-step thread's state: bytes stored with binary
 *     values kept once per thread (blobs) and inside every checkpoint (see
 *     storage-blobs.ts). `--blobs-only` runs just this case.
 *
 * Run: `pnpm --filter @weft/benchmarks run bench:storage` (or `npx tsx src/storage.ts`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Annotation, END as LG_END, MemorySaver, START as LG_START, StateGraph } from '@langchain/langgraph';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { END, MemoryStore, START, graph, interrupt, type CheckpointStore } from '@weft/graph';
import { PostgresStore } from '@weft/store-postgres';
import { SqliteStore } from '@weft/store-sqlite';
import { memorySaverThreadBytes } from './frameworks/langgraph-storage.ts';
import { leaseCost, leaseTable, type LeaseRow } from './lease-cost.ts';
import { blobRows, blobTable, type BlobRow } from './storage-blobs.ts';

const STEPS = 200;
const RUNS = 5;
const RESUME_SAMPLES = 10;

/** A distinct 1024-char string per step, so no store can share repeated content. */
const chunk = (i: number): string => `${i}:`.padEnd(1024, String.fromCharCode(97 + (i % 26)));

const now = (): bigint => process.hrtime.bigint();
const ms = (start: bigint): number => Number(now() - start) / 1e6;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Row {
  store: string;
  runMs: number;
  bytes: number;
  finalBytes: number;
  loadMs: number;
}

// ---------- Weft ----------

type AppendState = { items: string[] };

function appendGraph(store: CheckpointStore, steps: number) {
  return graph<number, number, AppendState>({ name: 'append', state: () => ({ items: [] }) })
    .addNode('append', (n: number, ctx) => {
      ctx.update((s) => {
        s.items.push(chunk(n));
      });
      return n + 1;
    })
    .addBranch('append', (n) => (n < steps ? 'append' : END), ['append', END])
    .addEdge(START, 'append')
    .compile({ store, maxSteps: steps + 10 });
}

async function weftThreadBytes(store: CheckpointStore, threadId: string): Promise<number> {
  let total = 0;
  for (const e of await store.list(threadId)) {
    total += e.bytes.byteLength + Buffer.byteLength(e.id) + Buffer.byteLength(e.threadId) + Buffer.byteLength(e.parentId ?? '');
  }
  return total;
}

async function weftAppend(label: string, store: CheckpointStore): Promise<Row> {
  const g = appendGraph(store, STEPS);
  const sampled = await sampleAppend('weft', label, async (threadId) => {
    const res = await g.run(0, { threadId });
    if (res.status !== 'done' || res.output !== STEPS) throw new Error(`weft ${label}: ${res.status} ${String(res.output)}`);
    return async () => (await g.getState(threadId)).state.items;
  });
  return { store: `weft ${label}`, ...sampled, bytes: await weftThreadBytes(store, sampled.threadId) };
}

/**
 * Runs the 200-step append thread RUNS + 1 times on fresh threads (the first
 * is a warm-up), timing the run and the load of its latest state separately.
 * `run` runs one thread and returns the load; every load must give STEPS items.
 */
async function sampleAppend(
  framework: string,
  label: string,
  run: (threadId: string) => Promise<() => Promise<string[]>>,
): Promise<Omit<Row, 'store' | 'bytes'> & { threadId: string }> {
  const times: number[] = [];
  const loads: number[] = [];
  let threadId = '';
  let finalBytes = 0;
  for (let r = 0; r < RUNS + 1; r++) {
    threadId = `append-${label}-${Date.now()}-${r}`;
    const t0 = now();
    const load = await run(threadId);
    const t = ms(t0);
    const l0 = now();
    const items = await load();
    const l = ms(l0);
    if (items.length !== STEPS) throw new Error(`${framework} ${label}: the loaded state has ${items.length} items`);
    finalBytes = JSON.stringify(items).length;
    if (r === 0) continue; // warm-up run
    times.push(t);
    loads.push(l);
  }
  return { runMs: median(times), loadMs: median(loads), finalBytes, threadId };
}

// ---------- LangGraph ----------

const ListState = Annotation.Root({
  items: Annotation<string[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

function lgAppendGraph(checkpointer: BaseCheckpointSaver) {
  return new StateGraph(ListState)
    .addNode('append', (s: typeof ListState.State) => ({ items: [chunk(s.items.length)] }))
    .addEdge(LG_START, 'append')
    .addConditionalEdges('append', (s: typeof ListState.State) => (s.items.length < STEPS ? 'append' : LG_END), ['append', LG_END])
    .compile({ checkpointer });
}

function sqliteSaverThreadBytes(saver: SqliteSaver, threadId: string): number {
  const row = (sql: string) => (saver.db.prepare(sql).get(threadId) as { n: number | null }).n ?? 0;
  return (
    row(
      `SELECT sum(length(thread_id) + length(checkpoint_ns) + length(checkpoint_id) + ifnull(length(parent_checkpoint_id), 0)
              + ifnull(length(type), 0) + ifnull(length(checkpoint), 0) + ifnull(length(metadata), 0)) AS n
         FROM checkpoints WHERE thread_id = ?`,
    ) +
    row(
      `SELECT sum(length(thread_id) + length(checkpoint_ns) + length(checkpoint_id) + length(task_id) + length(channel)
              + ifnull(length(type), 0) + ifnull(length(value), 0)) AS n
         FROM writes WHERE thread_id = ?`,
    )
  );
}

async function lgAppend(label: string, saver: BaseCheckpointSaver, bytesOf: (threadId: string) => number): Promise<Row> {
  const app = lgAppendGraph(saver);
  const sampled = await sampleAppend('langgraph', label, async (threadId) => {
    const out = await app.invoke({ items: [] }, { configurable: { thread_id: threadId }, recursionLimit: STEPS + 10 });
    if (out.items.length !== STEPS) throw new Error(`langgraph ${label}: ${out.items.length} items`);
    return async () => ((await app.getState({ configurable: { thread_id: threadId } })).values as typeof ListState.State).items;
  });
  return { store: `langgraph ${label}`, ...sampled, bytes: bytesOf(sampled.threadId) };
}

// ---------- (b) resume latency ----------

type ResumeState = { items: string[]; count: number };

function resumeGraph(store: CheckpointStore, steps: number, big: boolean) {
  return graph<number, number, ResumeState>({ name: 'resume', state: () => ({ items: [], count: 0 }) })
    .addNode('work', (n: number, ctx) => {
      ctx.update((s) => {
        if (big) s.items.push(chunk(n));
        else s.count += 1;
      });
      return n + 1;
    })
    .addNode('final', (n: number) => {
      const ok = interrupt<boolean>('approve?');
      return ok ? n : -1;
    })
    .addBranch('work', (n) => (n < steps ? 'work' : 'final'), ['work', 'final'])
    .addEdge(START, 'work')
    .addEdge('final', END)
    .compile({ store, maxSteps: steps + 10 });
}

interface ResumeRow {
  variant: string;
  steps: number;
  loadMs: number;
  resumeMs: number;
  checkpoints: number;
}

async function resumeLatency(store: CheckpointStore, steps: number, big: boolean): Promise<ResumeRow> {
  const g = resumeGraph(store, steps, big);
  const threadId = `resume-${big ? 'kb' : 'counter'}-${steps}-${Date.now()}`;
  const res = await g.run(0, { threadId });
  if (res.status !== 'interrupted') throw new Error(`resume setup: status ${res.status}`);
  const head = await g.getState(threadId);
  const checkpoints = (await store.list(threadId)).length;
  const interruptId = head.interrupts[0]!.id;
  const loads: number[] = [];
  const resumes: number[] = [];
  for (let i = 0; i < RESUME_SAMPLES + 1; i++) {
    const l0 = now();
    const view = await g.getState(threadId, head.id);
    const l = ms(l0);
    if (view.step !== head.step) throw new Error('resume: wrong checkpoint loaded');
    // Every sample resumes the same interrupted checkpoint (a fork after the first), so each one loads the same chain.
    const r0 = now();
    const out = await g.resume({ threadId, checkpointId: head.id, resume: { [interruptId]: true }, fork: true });
    const r = ms(r0);
    if (out.status !== 'done' || out.output !== steps) throw new Error(`resume: ${out.status} ${String(out.output)}`);
    if (i === 0) continue; // warm-up
    loads.push(l);
    resumes.push(r);
  }
  return { variant: big ? '1 KB append' : 'counter', steps, loadMs: median(loads), resumeMs: median(resumes), checkpoints };
}

// ---------- main ----------

const fmt = (n: number, digits = 2): string => n.toFixed(digits);
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

/** Every line the run prints, kept for the results files `--write` asks for. */
const printed: string[] = [];
function print(line: string): void {
  console.log(line);
  printed.push(line);
}

/**
 * With `--write` (what a full `pnpm bench` passes): the printed tables go to
 * results/<date>-storage.md and the rows to results/<date>-storage.json, next
 * to the per-step results of the same day.
 */
async function writeFiles(rows: unknown[], resumeRows: ResumeRow[], leaseRows: LeaseRow[], imageRows: BlobRow[]): Promise<void> {
  const dir = join(import.meta.dirname, '..', 'results');
  const day = new Date().toISOString().slice(0, 10);
  const base = join(dir, `${day}-storage`);
  await writeFile(
    `${base}.md`,
    `# Checkpoint storage, ${day}\n\nWritten by \`src/storage.ts\` (see benchmarks/README.md, "Checkpoint storage").\n${printed.join('\n')}\n`,
  );
  const doc = {
    date: new Date().toISOString(),
    node: process.version,
    steps: STEPS,
    runs: RUNS,
    rows,
    resume: resumeRows,
    lease: leaseRows,
    image: imageRows,
  };
  await writeFile(`${base}.json`, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`storage results written to ${base}.md and ${base}.json`);
}

/** (c): the lease's store calls and cost per run, on each Weft store. */
async function leaseRowsOf(dir: string, closers: (() => Promise<void> | void)[]): Promise<LeaseRow[]> {
  const rows = [await leaseCost('MemoryStore', new MemoryStore())];
  for (const durability of ['sync', 'async', 'exit'] as const) {
    const s = new SqliteStore({ path: join(dir, `weft-lease-${durability}.db`), durability });
    closers.push(() => s.close());
    rows.push(await leaseCost(`SqliteStore (${durability})`, s));
  }
  const pgUrl = process.env.WEFT_PG_URL;
  if (pgUrl) {
    const s = new PostgresStore({ connectionString: pgUrl, schema: 'weft_bench_storage' });
    closers.push(() => s.close());
    rows.push(await leaseCost('PostgresStore', s));
  }
  return rows;
}

/** (d) on MemoryStore, SqliteStore (sync) and PostgresStore when WEFT_PG_URL is set. */
async function blobRowsOf(dir: string, closers: (() => Promise<void> | void)[]): Promise<BlobRow[]> {
  const lite = new SqliteStore({ path: join(dir, 'weft-blobs.db'), durability: 'sync' });
  closers.push(() => lite.close());
  const stores: [string, CheckpointStore][] = [
    ['MemoryStore', new MemoryStore()],
    ['SqliteStore (sync)', lite],
  ];
  const pgUrl = process.env.WEFT_PG_URL;
  if (pgUrl) {
    const s = new PostgresStore({ connectionString: pgUrl, schema: 'weft_bench_storage' });
    closers.push(() => s.close());
    stores.push(['PostgresStore', s]);
  }
  return blobRows(stores);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'weft-bench-storage-'));
  if (process.argv.includes('--blobs-only')) {
    const closers: (() => Promise<void> | void)[] = [];
    try {
      for (const line of blobTable(await blobRowsOf(dir, closers))) print(line);
    } finally {
      for (const close of closers) await close();
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const rows: (Row | { store: string; na: string })[] = [];
  const closers: (() => Promise<void> | void)[] = [];
  try {
    rows.push(await weftAppend('MemoryStore', new MemoryStore()));
    for (const durability of ['sync', 'async'] as const) {
      const s = new SqliteStore({ path: join(dir, `weft-${durability}.db`), durability });
      closers.push(() => s.close());
      rows.push(await weftAppend(`SqliteStore (${durability})`, s));
    }
    const pgUrl = process.env.WEFT_PG_URL;
    if (pgUrl) {
      const s = new PostgresStore({ connectionString: pgUrl, schema: 'weft_bench_storage' });
      closers.push(() => s.close());
      await s.migrate();
      rows.push(await weftAppend('PostgresStore', s));
    } else {
      rows.push({ store: 'weft PostgresStore', na: 'n/a: WEFT_PG_URL not set' });
    }
    const mem = new MemorySaver();
    rows.push(await lgAppend('MemorySaver', mem, (t) => memorySaverThreadBytes(mem, t)));
    const lite = SqliteSaver.fromConnString(join(dir, 'langgraph.db'));
    closers.push(() => {
      lite.db.close();
    });
    rows.push(await lgAppend('SqliteSaver', lite, (t) => sqliteSaverThreadBytes(lite, t)));

    const resumeStore = new SqliteStore({ path: join(dir, 'weft-resume.db'), durability: 'sync' });
    closers.push(() => resumeStore.close());
    const resumeRows: ResumeRow[] = [];
    for (const big of [true, false]) for (const steps of [10, 1000]) resumeRows.push(await resumeLatency(resumeStore, steps, big));
    const leaseRows = await leaseRowsOf(dir, closers);
    const imageRows = await blobRowsOf(dir, closers);

    print(`\n## Checkpoint storage: ${STEPS} steps, +1 KB per step (median of ${RUNS} runs, fresh thread each)\n`);
    print('| store | run ms | µs/step | bytes stored | final state | bytes / final | getState ms |');
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      if ('na' in r) {
        print(`| ${r.store} | ${r.na} | | | | | |`);
        continue;
      }
      print(
        `| ${r.store} | ${fmt(r.runMs, 1)} | ${fmt((r.runMs * 1000) / STEPS, 0)} | ${kb(r.bytes)} | ${kb(r.finalBytes)} | ${fmt(r.bytes / r.finalBytes, 2)}× | ${fmt(r.loadMs, 3)} |`,
      );
    }
    print(`\n## Resume latency, Weft SqliteStore (sync), interrupted thread (median of ${RESUME_SAMPLES})\n`);
    print('| state change per step | steps | checkpoints | getState ms | resume ms (load + first step) |');
    print('| --- | ---: | ---: | ---: | ---: |');
    for (const r of resumeRows) print(`| ${r.variant} | ${r.steps} | ${r.checkpoints} | ${fmt(r.loadMs, 3)} | ${fmt(r.resumeMs, 3)} |`);
    print('\n| state change per step | getState 1000/10 | resume 1000/10 |');
    print('| --- | ---: | ---: |');
    for (const variant of ['1 KB append', 'counter']) {
      const [a, b] = [
        resumeRows.find((r) => r.variant === variant && r.steps === 10)!,
        resumeRows.find((r) => r.variant === variant && r.steps === 1000)!,
      ];
      print(`| ${variant} | ${fmt(b.loadMs / a.loadMs, 2)}× | ${fmt(b.resumeMs / a.resumeMs, 2)}× |`);
    }
    for (const line of leaseTable(leaseRows)) print(line);
    for (const line of blobTable(imageRows)) print(line);
    if (process.argv.includes('--write')) await writeFiles(rows, resumeRows, leaseRows, imageRows);
  } finally {
    for (const close of closers) await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

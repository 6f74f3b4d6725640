import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { END, START, graph, interrupt, MemoryStore, RUN_LOG_VERSION, type GraphEvent, type RunLogLine } from '../index.ts';
import { toLogLine } from './run-log.ts';

const dir = mkdtempSync(join(tmpdir(), 'weft-run-log-'));
const readLog = (path: string): RunLogLine[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as RunLogLine);

const approval = () =>
  graph<string, string, { log: string[] }>({ name: 'approval', state: () => ({ log: [] }) })
    .addNode('draft', (s: string, ctx) => {
      ctx.update((d) => void d.log.push('draft'));
      return `${s}!`;
    })
    .addNode('ask', (s: string) => `${s} ${String(interrupt({ question: 'ok?' }))}`)
    .addEdge(START, 'draft')
    .addEdge('draft', 'ask')
    .addEdge('ask', END);

describe('record: a run log', () => {
  it('holds a header with the graph, then every event of the run in emission order; a resume appends its own', async () => {
    const g = approval().compile({ store: new MemoryStore() });
    const path = join(dir, 'approval.jsonl');
    const seen: GraphEvent[] = [];
    const run = g.run('hi', { threadId: 't1', record: path });
    run.subscribe((e) => seen.push(e));
    const first = await run;
    expect(first.status).toBe('interrupted');
    const lines = readLog(path);
    expect(lines[0]).toEqual({ type: 'run.log', version: RUN_LOG_VERSION, graph: g.toJSON(), ts: expect.any(Number) });
    expect(lines.slice(1)).toEqual(JSON.parse(JSON.stringify(seen)));
    expect(lines.map((l) => l.type)).toContain('interrupt');

    const resumedEvents: GraphEvent[] = [];
    const resumed = g.resume({ threadId: 't1', resume: { [first.interrupts[0]!.id]: 'yes' }, record: path });
    resumed.subscribe((e) => resumedEvents.push(e));
    expect((await resumed).output).toBe('hi! yes');
    const all = readLog(path);
    expect(all.length).toBe(lines.length + 1 + resumedEvents.length);
    const second = all.slice(lines.length);
    expect(second[0]).toMatchObject({ type: 'run.log', graph: { name: 'approval' } });
    expect(second.slice(1)).toEqual(JSON.parse(JSON.stringify(resumedEvents)));
    expect(second.at(-1)).toMatchObject({ type: 'run.end', status: 'done', output: 'hi! yes' });
  });

  it('a path that cannot be written rejects the run before any node runs, with INVALID_ARGUMENT', async () => {
    const store = new MemoryStore();
    const g = approval().compile({ store });
    const path = join(dir, 'no-such-folder', 'run.jsonl');
    await expect(g.run('hi', { threadId: 'bad', record: path })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('cannot write the run log'),
    });
    expect(existsSync(path)).toBe(false);
    expect(await store.threads()).toEqual([]);
    expect(() => g.run('hi', { record: '' })).toThrow(/record must be a file path/);
  });

  it('writes values JSON cannot hold readably: bigints, functions, Maps, Sets, bytes, errors, cycles; shared values stay whole', () => {
    const shared = { a: 1 };
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic['self'] = cyclic;
    expect(JSON.parse(toLogLine({ n: 10n, f: function named() {}, m: new Map([['k', 1]]), s: new Set([1, 2]) }))).toEqual({
      n: '10n',
      f: '[function named]',
      m: { k: 1 },
      s: [1, 2],
    });
    expect(JSON.parse(toLogLine({ b: new Uint8Array(3), e: new TypeError('bad') }))).toEqual({
      b: '[Uint8Array 3 bytes]',
      e: { name: 'TypeError', code: 'ERROR', message: 'bad' },
    });
    expect(JSON.parse(toLogLine({ x: shared, y: shared }))).toEqual({ x: { a: 1 }, y: { a: 1 } });
    expect(JSON.parse(toLogLine(cyclic))).toEqual({ name: 'c', self: '[circular]' });
  });
});

describe('withStore', () => {
  it('runs and resumes the same graph with checkpoints in the given store', async () => {
    const plain = approval().compile();
    const store = new MemoryStore();
    const g = plain.withStore(store);
    expect([g.name, g.hash]).toEqual([plain.name, plain.hash]);
    const first = await g.run('x', { threadId: 't' });
    const done = await g.resume({ threadId: 't', resume: { [first.interrupts[0]!.id]: 'ok' } });
    expect([done.status, done.output, done.state]).toEqual(['done', 'x! ok', { log: ['draft'] }]);
    expect((await store.threads()).map((t) => [t.threadId, t.status])).toEqual([['t', 'done']]);
    expect(() => plain.withStore({} as never)).toThrow(/withStore\(\) of graph "approval" takes a CheckpointStore/);
  });
});

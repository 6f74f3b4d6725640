import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { END, graph, interrupt, MemoryStore, RUN_LOG_VERSION, START, type GraphEvent, type RunLogLine } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/recorded-runs.ts';
import { parseRunLog, readRunLog, runLogFromLines } from './read-run-log.ts';

const dir = tempDir('weft-viz-run-log-');

const approval = () =>
  graph<string, string, { log: string[] }>({ name: 'approval', state: () => ({ log: [] }) })
    .addNode('draft', (s: string, ctx) => {
      ctx.update((d) => void d.log.push('draft'));
      return `${s}!`;
    })
    .addNode('ask', (s: string) => `${s} ${String(interrupt({ question: 'ok?' }))}`)
    .addEdge(START, 'draft')
    .addEdge('draft', 'ask')
    .addEdge('ask', END)
    .compile({ store: new MemoryStore() });

/** Records a run that stops on an interrupt and its resume into one log; returns the events each emitted. */
async function recordApproval(path: string) {
  const g = approval();
  const first: GraphEvent[] = [];
  const run = g.run('hi', { threadId: 't1', record: path });
  run.subscribe((e) => first.push(e));
  const stopped = await run;
  const second: GraphEvent[] = [];
  const resumed = g.resume({ threadId: 't1', resume: { [stopped.interrupts[0]!.id]: 'yes' }, record: path });
  resumed.subscribe((e) => second.push(e));
  await resumed;
  return { g, first, second };
}

const header = (version: unknown = RUN_LOG_VERSION) =>
  JSON.stringify({ type: 'run.log', version, graph: { name: 'g', hash: 'h', nodes: [], edges: [] }, ts: 1 });
const event = (type: string, step = 1) => JSON.stringify({ type, runId: 'r', threadId: undefined, step, path: [], ts: 2 });

describe('readRunLog / parseRunLog', () => {
  it('reads back a recorded run and its resume: one section per run, each with its header and exactly the events emitted', async () => {
    const path = join(dir, 'approval.jsonl');
    const { g, first, second } = await recordApproval(path);
    const log = await readRunLog(path);
    expect(log.runs).toHaveLength(2);
    for (const run of log.runs)
      expect(run.header).toEqual({ type: 'run.log', version: RUN_LOG_VERSION, graph: g.toJSON(), ts: expect.any(Number) });
    // What a subscriber saw, as JSON keeps it (undefined fields dropped).
    expect(log.runs[0]!.events).toEqual(JSON.parse(JSON.stringify(first)));
    expect(log.runs[1]!.events).toEqual(JSON.parse(JSON.stringify(second)));
    expect(log.runs[0]!.events.map((e) => e.type)).toContain('interrupt');
    expect(log.runs[1]!.events[0]).toMatchObject({ type: 'run.start', resumedFrom: expect.any(String) });
    expect(log.graph).toEqual(g.toJSON());
    expect(log.truncated).toBeUndefined();
    expect(parseRunLog(readFileSync(path, 'utf8'))).toEqual(log);
  });

  it('takes lines as well (what renderHtml accepts), numbering problems by their index', async () => {
    const path = join(dir, 'lines.jsonl');
    await recordApproval(path);
    const lines = readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as RunLogLine);
    expect(runLogFromLines(lines)).toEqual(parseRunLog(readFileSync(path, 'utf8')));
    expect(() => runLogFromLines([lines[0]!, { type: 'node.start' } as never])).toThrow(
      expect.objectContaining({ code: 'RUN_LOG_INVALID', message: 'line 2 is a "node.start" event without a numeric "step"' }),
    );
    expect(() => runLogFromLines('x' as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it('keeps the graph of the last header: a resume may run a newer build', () => {
    const newer = JSON.stringify({ type: 'run.log', version: 1, graph: { name: 'g', hash: 'h2', nodes: [], edges: [] }, ts: 3 });
    const log = parseRunLog([header(), event('run.start'), newer, event('run.start', 5)].join('\n') + '\n');
    expect(log.graph.hash).toBe('h2');
    expect(log.runs.map((r) => [r.header.graph.hash, r.events.length])).toEqual([
      ['h', 1],
      ['h2', 1],
    ]);
  });

  it('a missing file is RUN_LOG_NOT_FOUND with the path; a folder is RUN_LOG_INVALID; no path is INVALID_ARGUMENT', async () => {
    const missing = join(dir, 'nope.jsonl');
    await expect(readRunLog(missing)).rejects.toMatchObject({
      name: 'VizError',
      code: 'RUN_LOG_NOT_FOUND',
      message: `run log "${missing}" does not exist`,
      details: { path: missing },
    });
    const folder = join(dir, 'folder.jsonl');
    mkdirSync(folder);
    await expect(readRunLog(folder)).rejects.toMatchObject({ code: 'RUN_LOG_INVALID', message: expect.stringContaining('cannot be read') });
    await expect(readRunLog('')).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('an empty log is RUN_LOG_EMPTY (blank lines count as empty)', async () => {
    expect(() => parseRunLog('')).toThrow(expect.objectContaining({ code: 'RUN_LOG_EMPTY' }));
    expect(() => parseRunLog('\n  \n')).toThrow(expect.objectContaining({ code: 'RUN_LOG_EMPTY' }));
    const path = join(dir, 'empty.jsonl');
    writeFileSync(path, '');
    await expect(readRunLog(path)).rejects.toMatchObject({
      code: 'RUN_LOG_EMPTY',
      message: `run log "${path}": the run log is empty: no header, no events`,
    });
  });

  it.each([
    ['a line that is not JSON', [header(), '{"type": "run.start",', event('run.end')], /^line 2 is not JSON \(/],
    ['a JSON value that is not an object', [header(), '[1, 2]'], /^line 2 is not a JSON object \(an array\)$/],
    ['an object without a type', [header(), '{"step": 1}'], /^line 2 has no "type"$/],
    [
      'an event without a step',
      [header(), '{"type": "node.start", "path": []}'],
      /^line 2 is a "node.start" event without a numeric "step"$/,
    ],
    ['an event without a path', [header(), '{"type": "node.start", "step": 1}'], /^line 2 is a "node.start" event without a "path"/],
    ['events before any header', [event('run.start'), header()], /^line 1 is a "run.start" event before any run.log header$/],
    ['a header without a graph', ['{"type": "run.log", "version": 1}'], /^line 1 is a run.log header without a graph/],
  ])('%s is RUN_LOG_INVALID, naming the 1-based line and what is wrong', (_what, lines, message) => {
    expect(() => parseRunLog(lines.join('\n') + '\n')).toThrow(
      expect.objectContaining({ code: 'RUN_LOG_INVALID', message: expect.stringMatching(message) }),
    );
  });

  it('an unknown version is RUN_LOG_VERSION', async () => {
    expect(() => parseRunLog(header(2) + '\n')).toThrow(
      expect.objectContaining({ code: 'RUN_LOG_VERSION', message: 'line 1 has version 2; this viewer reads run logs of version 1' }),
    );
    const path = join(dir, 'v2.jsonl');
    writeFileSync(path, [header(), event('run.start'), header(2)].join('\n'));
    await expect(readRunLog(path)).rejects.toMatchObject({ code: 'RUN_LOG_VERSION', details: { path, line: 3 } });
  });

  it('a last line cut short (a process killed mid-write) is left out and reported in `truncated`; anywhere else it is an error', () => {
    const whole = [header(), event('run.start'), event('step.start')];
    const cut = '{"type":"node.start","runId":"r","st';
    const log = parseRunLog([...whole, cut].join('\n'));
    expect(log.truncated).toEqual({ line: 4, text: cut });
    expect(log.runs[0]!.events.map((e) => e.type)).toEqual(['run.start', 'step.start']);
    // Followed by a newline, the line was written whole: it is corrupt, not cut short.
    expect(() => parseRunLog([...whole, cut].join('\n') + '\n')).toThrow(
      expect.objectContaining({ code: 'RUN_LOG_INVALID', message: expect.stringMatching(/^line 4 is not JSON/) }),
    );
    // A whole last line without its newline is fine.
    expect(parseRunLog(whole.join('\n')).truncated).toBeUndefined();
    expect(parseRunLog(whole.join('\n')).runs[0]!.events).toHaveLength(2);
    // Only a header, then the cut: still a log, with nothing to replay.
    expect(parseRunLog(`${header()}\n{"ty`)).toMatchObject({ runs: [{ events: [] }], truncated: { line: 2 } });
  });

  it('reads CRLF files (a log edited on Windows)', () => {
    const log = parseRunLog([header(), event('run.start')].join('\r\n') + '\r\n');
    expect(log.runs[0]!.events).toHaveLength(1);
  });
});

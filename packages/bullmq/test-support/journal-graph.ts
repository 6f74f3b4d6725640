import { appendFileSync, readFileSync } from 'node:fs';
import { END, graph, START, interrupt } from '@weft/graph';

/** One journal line: a node of a thread started or ended, when, in which process. */
export interface JournalLine {
  ev: 'start' | 'end';
  node: string;
  threadId: string;
  at: number;
  pid: number;
}

/** The journal's lines, in the order they were written (by any process). */
export function readJournal(path: string): JournalLine[] {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as JournalLine);
}

/** How each node behaves: how long it works, and a hook it awaits in the middle (a gate, a signal). */
/** A node's journal lines of one kind: its starts, its ends. */
export const starts = (lines: JournalLine[], node: string) => lines.filter((l) => l.ev === 'start' && l.node === node);
export const ends = (lines: JournalLine[], node: string) => lines.filter((l) => l.ev === 'end' && l.node === node);

export interface StepsOptions {
  workMs?: number;
  /** Awaited by `node` between its start and end lines. */
  hold?: Partial<Record<string, (signal: AbortSignal) => Promise<void>>>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

/**
 * one → two → three, each appending `start`/`end` lines to the journal file
 * (the side effects a test counts) and adding its name to the output. A node
 * whose run is cancelled stops at once and writes no `end`.
 */
export function stepsGraph(journal: string, options: StepsOptions = {}) {
  const step = (node: string) => async (input: string, ctx: { threadId: string | undefined; signal: AbortSignal }) => {
    const line = { node, threadId: ctx.threadId ?? '', pid: process.pid };
    appendFileSync(journal, JSON.stringify({ ev: 'start', ...line, at: Date.now() }) + '\n');
    await options.hold?.[node]?.(ctx.signal);
    if (options.workMs) await sleep(options.workMs, ctx.signal);
    appendFileSync(journal, JSON.stringify({ ev: 'end', ...line, at: Date.now() }) + '\n');
    return `${input}>${node}`;
  };
  return graph<string, string>({ name: 'steps' })
    .addNode('one', step('one'))
    .addNode('two', step('two'))
    .addNode('three', step('three'))
    .addEdge(START, 'one')
    .addEdge('one', 'two')
    .addEdge('two', 'three')
    .addEdge('three', END)
    .compile();
}

/** draft → review (interrupts for a verdict) → publish, with a state that logs each step. */
export function reviewGraph() {
  return graph<string, string, { log: string[] }>({ name: 'review', state: () => ({ log: [] }) })
    .addNode('draft', (x: string, ctx) => (ctx.update((s) => void s.log.push('draft')), `${x}+draft`))
    .addNode('review', (x: string, ctx) => {
      const verdict = interrupt<string>({ question: 'publish?', draft: x });
      ctx.update((s) => void s.log.push(`review:${verdict}`));
      return `${x}+${verdict}`;
    })
    .addNode('publish', (x: string, ctx) => (ctx.update((s) => void s.log.push('publish')), `${x}+published`))
    .addEdge(START, 'draft')
    .addEdge('draft', 'review')
    .addEdge('review', 'publish')
    .addEdge('publish', END)
    .compile();
}

/**
 * A node hook that holds until its run is cancelled (then rejects with the
 * reason), and a promise that resolves once a node entered it: how a test
 * closes a worker while a step is in flight.
 */
export function holdUntilCancelled(): { entered: Promise<void>; hold: (signal: AbortSignal) => Promise<void> } {
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const hold = (signal: AbortSignal) =>
    new Promise<void>((_, reject) => {
      enter();
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  return { entered, hold };
}

import { MemoryStore, type Migration } from '@weft/graph';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStudio, type ServedStudio } from '../src/index.ts';
import type { components } from './support/studio-api.ts';
import { BLOCKED_REASONS, refunds, refundThreads, renameAsk } from './support/refund-versions.ts';

type ThreadRow = components['schemas']['Threads']['threads'][number];
type State = components['schemas']['State'];

let served: ServedStudio | undefined;
afterEach(() => served?.close());

/** A studio serving v2 (with the migrations given) over a store v1 wrote threads to, and a JSON reader of it. */
async function v2Studio(migrations: Migration[] = []) {
  const store = new MemoryStore();
  await refundThreads(store);
  served = await serveStudio({ target: refunds('v2', store, migrations), store, port: 0 });
  const get = async <T>(path: string) => (await (await fetch(new URL(path, served!.url))).json()) as T;
  return { store, get };
}

describe('threads another version of the served graph wrote', () => {
  it('are listed as its own, each with whether v2 can continue it: current, compatible, or blocked with the reasons', async () => {
    const { get } = await v2Studio();
    const { threads } = await get<{ threads: ThreadRow[] }>('/api/threads');
    const v1Hash = refunds('v1').hash;
    const v2Hash = refunds('v2').hash;
    const rows = Object.fromEntries(threads.map((t) => [t.threadId, { graph: t.graph, otherGraph: t.otherGraph, version: t.version }]));
    expect(rows).toEqual({
      fresh: {
        graph: { name: 'refunds', hash: v2Hash, version: 'v2' },
        otherGraph: false,
        version: { status: 'current', from: { hash: v2Hash, version: 'v2' }, reasons: [], migrations: [] },
      },
      paid: {
        graph: { name: 'refunds', hash: v1Hash, version: 'v1' },
        otherGraph: false,
        version: { status: 'compatible', from: { hash: v1Hash, version: 'v1' }, reasons: [], migrations: [] },
      },
      paused: {
        graph: { name: 'refunds', hash: v1Hash, version: 'v1' },
        otherGraph: false,
        version: { status: 'blocked', from: { hash: v1Hash, version: 'v1' }, reasons: BLOCKED_REASONS, migrations: [] },
      },
    });
    const state = await get<State>('/api/threads/paused/state');
    expect(state).toMatchObject({ threadId: 'paused', status: 'interrupted', next: ['ask'], version: rows['paused']!.version });
    expect((await get<State>('/api/threads/fresh/state')).version).toEqual(rows['fresh']!.version);
  });

  it('say which migrations take a thread there when v2 registers them', async () => {
    const { get } = await v2Studio([renameAsk]);
    const { threads } = await get<{ threads: ThreadRow[] }>('/api/threads');
    const paused = threads.find((t) => t.threadId === 'paused')!;
    expect(paused.version).toMatchObject({ status: 'needs-migration', reasons: BLOCKED_REASONS, migrations: ['v1 -> v2'] });
    expect(threads.find((t) => t.threadId === 'paid')!.version).toMatchObject({ status: 'needs-migration', reasons: [] });
    expect((await get<State>('/api/threads/paused/state')).version).toEqual(paused.version);
  });
});

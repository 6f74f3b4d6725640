import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeCheckpoint, MemoryStore, type RunLogLine } from '@weft/graph';
import { describe, expect, it } from 'vitest';
import { approvalBilling } from '../test-support/approval-billing.ts';
import { agentEvents, Runner } from '../index.ts';

const billing = () => approvalBilling([{ toolCalls: [{ name: 'refund', arguments: { amount: 5 }, id: 'r1' }] }, { text: 'Done.' }]);

const read = (path: string) =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as RunLogLine);

describe('Runner: record and context', () => {
  it('record appends the graph events of a run and of its resume; the agent events ride in node.custom on the weft.agent channel', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'weft-runner-log-')), 'run.jsonl');
    const runner = new Runner({ agent: billing(), store: new MemoryStore() });
    const paused = await runner.query('refund me', { threadId: 't', record: path });
    const done = await runner.resume(paused.checkpointId!, { resume: { [paused.interrupts[0]!.id]: { approved: true } }, record: path });
    const lines = read(path);
    const headers = lines.flatMap((l, i) => (l.type === 'run.log' ? [i] : []));
    expect(headers).toHaveLength(2);
    expect(lines[0]).toMatchObject({ type: 'run.log', graph: runner.graph.toJSON() });
    const logged = lines.flatMap((l) => (l.type === 'node.custom' && l.channel === agentEvents.name ? [l.data] : []));
    expect(lines.filter((l) => l.type === 'node.custom')).toHaveLength(logged.length);
    // Every agent event the Runner returned, in order, except the interrupt event the Runner adds itself.
    expect(logged).toEqual(JSON.parse(JSON.stringify([...paused.events.slice(0, -1), ...done.events])));
    expect(lines.at(-1)).toMatchObject({ type: 'run.end', status: 'done' });
    expect(lines.filter((l) => l.type === 'interrupt')).toHaveLength(1);
  });

  it('context is saved in every checkpoint, and a resume can replace it; the Runner adds nothing of its own (streaming is compiled in)', async () => {
    const store = new MemoryStore();
    const runner = new Runner({ agent: billing(), store });
    const paused = await runner.query('refund me', { threadId: 't', context: { weft: { module: '/m.ts' } } });
    const saved = async () => decodeCheckpoint((await store.get('t'))!.bytes, 'head of t').context;
    expect(await saved()).toEqual({ weft: { module: '/m.ts' } });
    await runner.resume(paused.checkpointId!, {
      resume: { [paused.interrupts[0]!.id]: { approved: true } },
      context: { weft: { module: '/n.ts' } },
    });
    expect(await saved()).toEqual({ weft: { module: '/n.ts' } });
    expect(() => runner.query('x', { context: [] as never })).toThrow(/context must be an object/);
  });
});

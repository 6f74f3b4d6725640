import { describe, expect, it } from 'vitest';
import { parseRunLog } from './read-run-log.ts';
import { reviveBytes } from './revive-bytes.ts';

describe('reviveBytes', () => {
  it('reads {"$bytes": "<base64>"} back as the exact bytes, and leaves every other value as it is', () => {
    const bytes = new Uint8Array([0, 1, 2, 253, 254, 255]);
    const text = JSON.stringify({
      data: { $bytes: Buffer.from(bytes).toString('base64') },
      two: { $bytes: 'AA==', other: 1 },
      notText: { $bytes: 5 },
      list: [{ $bytes: '' }],
    });
    expect(JSON.parse(text, reviveBytes)).toEqual({
      data: bytes,
      two: { $bytes: 'AA==', other: 1 },
      notText: { $bytes: 5 },
      list: [new Uint8Array(0)],
    });
    expect((JSON.parse(text, reviveBytes) as { data: unknown }).data).toBeInstanceOf(Uint8Array);
  });

  it('is how parseRunLog reads a line', () => {
    const header = JSON.stringify({ type: 'run.log', version: 1, graph: { name: 'g', hash: 'h', nodes: [], edges: [] }, ts: 1 });
    const event = JSON.stringify({ type: 'node.start', node: 'a', input: { $bytes: 'iVBORw==' }, step: 1, path: [], ts: 2 });
    const log = parseRunLog(`${header}\n${event}\n`);
    expect((log.runs[0]!.events[0] as { input: unknown }).input).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });
});

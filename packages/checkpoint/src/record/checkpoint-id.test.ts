import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { newCheckpointId } from './checkpoint-id.ts';

describe('newCheckpointId', () => {
  it('never repeats in a process, and uses only hex and base-36 digits (safe in handles, file names and command lines)', () => {
    const ids = Array.from({ length: 100_000 }, () => newCheckpointId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [ids[0]!, ids.at(-1)!]) expect(id).toMatch(/^[0-9a-f]{24}[0-9a-z]+$/);
  });

  it('differs between processes, which start with different random prefixes', () => {
    const code = "import('./src/record/checkpoint-id.ts').then((m) => console.log(m.newCheckpointId()))";
    const spawn = () => spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8' }).stdout.trim();
    const [a, b] = [spawn(), spawn()];
    expect(a).toMatch(/^[0-9a-f]{24}0$/);
    expect(b).toMatch(/^[0-9a-f]{24}0$/);
    expect(a).not.toBe(b);
  });
});

/** `--stream`: an agent's text is printed piece by piece as the model streams it, and each chunk is an event in --json. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentEvent } from '@weft/agents';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, tempDir, weft } from '../test-support/spawn-weft.ts';

const POET = join(FIXTURES, 'streaming-agent.ts');

describe('weft run --stream', () => {
  const cwd = tempDir();
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('emits each chunk, then the whole message', async () => {
    const result = await weft(['run', POET, '--query', 'a poem', '--stream', '--json', '--store', 'memory'], cwd);
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { event?: AgentEvent; result?: { output: string } });
    const chunks = lines.flatMap((l) => (l.event?.output?.stream ? [l.event.output.stream.content] : []));
    expect(chunks).toEqual(['Roses ', 'are ', 'red,\n', 'violets ', 'are ', 'blue.']);
    expect(lines.at(-2)?.event?.output?.message?.content).toBe('Roses are red,\nviolets are blue.');
    expect(lines.at(-1)?.result?.output).toBe('Roses are red,\nviolets are blue.');
  });

  it('prints the streamed text once, indented under its agent', async () => {
    const result = await weft(['run', POET, '--query', 'a poem', '--stream', '--thread', 's1', '--store', 'memory'], cwd);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'thread s1 · agent Poet · store memory\n[Poet] Poet\n  Roses are red,\n  violets are blue.\n\ndone · thread s1 · seq 3, step 2\n',
    });
  });
});

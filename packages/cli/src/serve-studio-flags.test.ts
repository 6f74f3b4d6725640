/**
 * `weft serve --streaming`: an agent's model calls stream, so the thread's
 * events carry chunks; refused beside --queue, whose workers run the models.
 * `weft serve --prices <file.json>` (and `weft dev`, which shares the flags):
 * the table reaches the studio, whose timeline's call events carry the cost;
 * a missing file, text that is not JSON and a table of the wrong shape are
 * each refused before the server listens, naming what to fix.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sseFrames } from '../test-support/sse-frames.ts';
import { FIXTURES, SUPPORT_MODULE, tempDir, weft, weftProcess } from '../test-support/spawn-weft.ts';

const MODULE = join(FIXTURES, 'priced-agent.ts');

describe('weft serve --prices', () => {
  it('prices each model call of the thread’s stream from the file’s table', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'prices.json'), JSON.stringify({ 'tiny-1': { inputPerMillion: 2, outputPerMillion: 8 } }));
    const server = weftProcess(['serve', MODULE, '--port', '0', '--store', 'memory', '--prices', 'prices.json'], cwd);
    const base = /^open (\S+)$/.exec(await server.waitFor((l) => l.startsWith('open ')))![1]!;
    const post = await fetch(new URL('/api/threads/p1/runs', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: { query: 'What is 2 + 2?' }, wait: true }),
    });
    expect(((await post.json()) as { status: string }).status).toBe('done');
    const frames = await sseFrames(await fetch(new URL('/api/threads/p1/events', base)), (f) => f.event === 'end');
    const ends = frames.filter((f) => f.event === 'call').map((f) => f.data as Record<string, unknown>);
    expect(ends.filter((c) => c['phase'] === 'end')).toEqual([
      expect.objectContaining({
        kind: 'model',
        status: 'done',
        usage: { inputTokens: 1000, outputTokens: 500 },
        responseModel: 'tiny-1',
        priceModel: 'tiny-1',
        // 1,000 × $2 + 500 × $8, per million tokens.
        cost: 0.006,
      }),
    ]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses a missing file, text that is not JSON and a table of the wrong shape, each naming what to fix', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'broken.json'), '{ "tiny-1": ');
    writeFileSync(join(cwd, 'shape.json'), JSON.stringify({ 'tiny-1': { inputPerMillion: -1, outputPerMillion: 8 } }));
    const missing = await weft(['serve', MODULE, '--port', '0', '--store', 'memory', '--prices', 'nope.json'], cwd);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`--prices @nope.json: cannot read ${join(cwd, 'nope.json')} (no such file)`);
    const broken = await weft(['serve', MODULE, '--port', '0', '--store', 'memory', '--prices', 'broken.json'], cwd);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('--prices @broken.json is not valid JSON: it ends too early');
    expect(broken.stderr).toContain(`hint: fix the JSON in ${join(cwd, 'broken.json')}`);
    const shape = await weft(['dev', MODULE, '--port', '0', '--store', 'memory', '--prices', 'shape.json'], cwd);
    expect(shape.code).toBe(1);
    expect(shape.stderr).toContain('prices ["tiny-1"].inputPerMillion must be a number of at least 0 (got -1)');
    // Refused before listening: no server line was printed.
    expect(shape.stdout).toBe('');
  });
});

describe('weft serve --streaming', () => {
  /** The agent event types of a served thread's run, in order. */
  async function agentEventTypes(flags: string[]): Promise<string[]> {
    const server = weftProcess(['serve', SUPPORT_MODULE, '--port', '0', '--store', 'memory', ...flags], tempDir());
    const base = /^open (\S+)$/.exec(await server.waitFor((l) => l.startsWith('open ')))![1]!;
    await fetch(new URL('/api/threads/s1/runs', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: { query: 'My dashboard times out.' }, wait: true }),
    });
    const frames = await sseFrames(await fetch(new URL('/api/threads/s1/events', base)), (f) => f.event === 'end');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    return frames.filter((f) => f.event === 'agent').map((f) => (f.data as { type: string }).type);
  }

  it('streams the models’ answers as chunks before each message; without it, messages come whole', async () => {
    const streamed = await agentEventTypes(['--streaming']);
    const whole = await agentEventTypes([]);
    expect(whole).not.toContain('chunk');
    expect(streamed.filter((t) => t === 'message')).toEqual(whole.filter((t) => t === 'message'));
    // Every message of a streamed run follows its chunks.
    expect(streamed.filter((t, i) => t === 'message' && streamed[i - 1] !== 'chunk')).toEqual([]);
  });

  it('is refused beside --queue, whose workers run the models', async () => {
    const refused = await weft(['serve', SUPPORT_MODULE, '--store', 'memory', '--streaming', '--queue', 'redis://127.0.0.1:1'], tempDir());
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('serve: --streaming runs models in this process; with --queue the workers run them');
  });
});

/**
 * `weft serve`, in its own process: Weft Studio over the support demo on a
 * SQLite store that the other commands share.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sseFrames } from '../test-support/sse-frames.ts';
import { FIXTURES, projectModule, SUPPORT_MODULE, tempDir, weft, weftProcess } from '../test-support/spawn-weft.ts';

const QUERY = 'Our dashboard has timed out since yesterday’s migration, and invoice INV-1042 was charged twice in March. Please fix both.';

async function api(base: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const res = await fetch(new URL(path, base), init);
  return { status: res.status, body: await res.json() };
}

describe('weft serve', () => {
  it('serves the module with its session values; its threads are the store’s: weft resume finishes one the page started', async () => {
    const cwd = tempDir();
    const store = `sqlite:${join(cwd, 'stores', 'studio.db')}`;
    // A module of the project: what weft resume loads by itself must lie inside it.
    const server = weftProcess(['serve', projectModule(cwd, SUPPORT_MODULE), '--port', '0', '--store', store], cwd);
    const ready = await server.waitFor((l) => l.startsWith('studio ready · '));
    expect(ready).toMatch(/^studio ready · agent Coordinator · store sqlite \S+studio\.db · pid \d+$/);
    const open = await server.waitFor((l) => l.startsWith('open '));
    const base = /^open (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(open)![1]!;
    const graph = await api(base, '/api/graph');
    expect(graph.body).toMatchObject({ kind: 'agent', name: 'agents:Coordinator', sessionValues: { company: 'Acme' } });
    const paused = await api(base, '/api/threads/s1/runs', { input: { query: QUERY }, wait: true });
    expect(paused.body).toMatchObject({ status: 'interrupted', interrupts: [{ info: { tool: expect.any(String) } }] });
    // Another process resumes the thread the studio started: the module is recorded with it.
    const resumed = await weft(['resume', 's1', '--value', '{"approved":true}', '--store', store], cwd);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const state = await api(base, '/api/threads/s1/state');
    expect(state.body).toMatchObject({ threadId: 's1', status: 'done', running: false });
    const history = await weft(['history', 's1', '--store', store, '--json'], cwd);
    expect(JSON.parse(history.stdout).checkpoints.length).toBeGreaterThan(5);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.lines.at(-1)).toBe('SIGTERM: closed');
  });

  it('shows items of the bank the module exports as memory; an export by that name that is not a bank is refused, saying what to export (exit code 1, as for any unusable export)', async () => {
    const cwd = tempDir();
    const server = weftProcess(['serve', projectModule(cwd, join(FIXTURES, 'memory-agent.ts')), '--port', '0', '--store', 'memory'], cwd);
    const base = /^open (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(await server.waitFor((l) => l.startsWith('open ')))![1]!;
    const ns = encodeURIComponent(JSON.stringify(['customers', 'acme']));
    expect((await api(base, '/api/graph')).body).toMatchObject({ memoryBank: true });
    const item = await api(base, `/api/memory?namespace=${ns}&key=plan`);
    expect(item).toMatchObject({
      status: 200,
      body: { namespace: ['customers', 'acme'], key: 'plan', value: { text: 'On the Pro plan.' } },
    });
    expect(await api(base, `/api/memory?namespace=${ns}&key=nope`)).toMatchObject({
      status: 404,
      body: { error: { code: 'MEMORY_NOT_FOUND' } },
    });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const bad = await weft(['serve', projectModule(cwd, join(FIXTURES, 'bad-memory-agent.ts')), '--port', '0', '--store', 'memory'], cwd);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('exports "memory", but it is not a memory bank');
    expect(bad.stderr).toContain('export the MemoryBank your agents use as `memory`');
  });

  it('--session overrides the module’s values; --token puts the token after # in the printed address and guards the API', async () => {
    const server = weftProcess(
      ['serve', SUPPORT_MODULE, '--port', '0', '--store', 'memory', '--session', 'company=Globex', '--token', 'studio-secret'],
      tempDir(),
    );
    const open = await server.waitFor((l) => l.startsWith('open '));
    const match = /^open (http:\/\/127\.0\.0\.1:\d+\/)#token=studio-secret$/.exec(open);
    expect(match).not.toBeNull();
    const base = match![1]!;
    expect((await fetch(new URL('/api/graph', base))).status).toBe(401);
    const graph = await fetch(new URL('/api/graph', base), { headers: { authorization: 'Bearer studio-secret' } });
    expect(((await graph.json()) as { sessionValues: unknown }).sessionValues).toEqual({ company: 'Globex' });
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it.skipIf(!process.env['WEFT_REDIS_URL'])('--queue: runs go to a weft worker process as jobs; the page’s API follows them', async () => {
    const cwd = tempDir();
    const redis = process.env['WEFT_REDIS_URL']!;
    const store = `sqlite:${join(cwd, 'shared.db')}`;
    const name = `serve-${process.pid}-${Date.now()}`;
    const module = projectModule(cwd, SUPPORT_MODULE);
    const worker = weftProcess(['worker', module, '--redis', redis, '--store', store, '--queue-name', name], cwd);
    await worker.waitFor((l) => l.startsWith('worker ready · '));
    const server = weftProcess(['serve', module, '--port', '0', '--store', store, '--queue', redis, '--queue-name', name], cwd);
    expect(await server.waitFor((l) => l.startsWith('studio ready · '))).toMatch(/ · queue serve-\d+-\d+ · pid \d+$/);
    const base = /^open (\S+)$/.exec(await server.waitFor((l) => l.startsWith('open ')))![1]!;
    const paused = await api(base, '/api/threads/q1/runs', { input: { query: QUERY }, wait: true });
    expect(paused.body).toMatchObject({
      runId: expect.stringMatching(/^job:/),
      status: 'interrupted',
      interrupts: [{ info: { tool: expect.any(String) } }],
    });
    const id = paused.body.interrupts[0].id as string;
    const done = await api(base, '/api/threads/q1/resume', { resume: { [id]: { approved: true } }, wait: true });
    expect(done.body).toMatchObject({ status: 'done', output: { finalMessage: { role: 'assistant' } } });
    // The worker ran both jobs: the run, then the resume (waitFor takes the line it waited for).
    const finished = await worker.waitFor((l) => / · thread q1 · done$/.test(l));
    const q1 = [...worker.lines, finished].filter((l) => l.includes(' · thread q1 · ')).map((l) => l.replace(/^job \S+ · /, ''));
    expect(q1).toEqual([
      'run agent · thread q1 · started',
      'run agent · thread q1 · interrupted',
      'resume agent · thread q1 · started',
      'resume agent · thread q1 · done',
    ]);
    for (const p of [server, worker]) p.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await worker.exited).toBe(0);
  });

  it('--max-…: bodies past the limits are 400/413, a run past --max-runs and --max-queued-runs is 429, a slow events client is dropped', async () => {
    // The first run of the chatter graph waits for a line on the server's stdin: it holds the one run slot until then.
    const server = weftProcess(
      [
        'serve',
        join(FIXTURES, 'chatter-graph.ts'),
        ...['--port', '0', '--store', 'memory', '--max-runs', '1', '--max-queued-runs', '0'],
        ...['--max-body-depth', '3', '--max-body-keys', '5', '--max-body-bytes', '200', '--max-run-body-bytes', '300'],
        ...['--max-follower-buffer', '4096'],
      ],
      tempDir(),
      { WEFT_TEST_HOLD: '1' },
    );
    const base = /^open (\S+)$/.exec(await server.waitFor((l) => l.startsWith('open ')))![1]!;
    const post = (path: string, text: string) =>
      fetch(new URL(path, base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    const refusal = async (res: Response) => [res.status, ((await res.json()) as { error: unknown }).error];

    // Its events as they come: the response starts once the run holds its slot.
    const held = await post('/api/threads/t1/runs', JSON.stringify({ input: { value: 100 }, stream: true }));
    expect(held.status).toBe(200);
    // Three levels and five keys are within the limits: this body reaches the admission, which has no slot and no waiting room.
    expect(await refusal(await post('/api/threads/t2/runs', '{"input":{"value":{"a":1}}}'))).toEqual([
      429,
      {
        code: 'TOO_MANY_RUNS',
        message: '1 runs are under way: try again in 1 s (the limits are maxRuns and maxQueuedRuns)',
        details: { maxRuns: 1, maxQueuedRuns: 0, retryAfter: 1 },
      },
    ]);
    expect(await refusal(await post('/api/threads/t2/runs', '{"input":{"value":{"a":{"b":1}}}}'))).toEqual([
      400,
      {
        code: 'BODY_TOO_DEEP',
        message: 'the body is nested more than 3 levels deep (the limit is maxBodyDepth): send a flatter value',
        details: { maxBodyDepth: 3 },
      },
    ]);
    expect(await refusal(await post('/api/threads/t2/runs', '{"input":{"value":[1,2,3,4]}}'))).toEqual([
      400,
      {
        code: 'BODY_TOO_MANY_KEYS',
        message: 'the body holds more than 5 keys and items (the limit is maxBodyKeys): send less in one request',
        details: { maxBodyKeys: 5 },
      },
    ]);
    // A run's body has its own limit (it may carry attachments); any other body the general one.
    const largeRun = await post('/api/threads/t2/runs', JSON.stringify({ input: { value: 'x'.repeat(300) } }));
    expect([largeRun.status, ((await largeRun.json()) as { error: { message: string } }).error.message]).toEqual([
      413,
      expect.stringContaining('maxRunBodyBytes'),
    ]);
    const large = await post('/api/threads/t2/resume', JSON.stringify({ resume: { x: 'x'.repeat(200) } }));
    expect([large.status, ((await large.json()) as { error: { code: string; message: string } }).error]).toEqual([
      413,
      expect.objectContaining({ code: 'BODY_TOO_LARGE', message: expect.stringContaining('maxBodyBytes') }),
    ]);

    // Let the held run go: its 100 events (some 35 KB) come at once, past the 4096 bytes its stream may hold.
    server.send('go');
    const got = await sseFrames(held);
    expect(got.filter((f) => f.event === 'end')).toEqual([]);
    expect(got.length).toBeLessThan(100);
    // The dropped client comes back with Last-Event-ID, and gets the rest up to the run's end.
    const again = await fetch(new URL('/api/threads/t1/events', base), { headers: { 'last-event-id': got.at(-1)!.id } });
    const rest = await sseFrames(again, (f) => f.event === 'end');
    const talk = [...got, ...rest].filter((f) => f.data?.type === 'node.custom').map((f) => (f.data as { data: { i: number } }).data.i);
    expect(talk).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect(rest.at(-1)!.data).toMatchObject({ status: 'done', output: 100 });
    // The slot is free again.
    const next = await post('/api/threads/t2/runs', '{"input":{"value":2},"wait":true}');
    expect([next.status, await next.json()]).toEqual([200, expect.objectContaining({ status: 'done', output: 2 })]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses a --max-… value that is not a whole number in range, saying what to pass (exit code 2)', async () => {
    const cwd = tempDir();
    const serve = (flag: string, value: string) => weft(['serve', SUPPORT_MODULE, '--store', 'memory', flag, value], cwd);
    expect(await serve('--max-body-depth', '0')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: serve: --max-body-depth "0" is not a number of levels\nhint: give a whole number from 1, e.g. --max-body-depth 64\n',
    });
    expect((await serve('--max-follower-buffer', '4MB')).stderr).toBe(
      'weft: serve: --max-follower-buffer "4MB" is not a number of bytes\nhint: give a whole number from 1, e.g. --max-follower-buffer 4194304\n',
    );
    expect((await serve('--max-queued-runs', '1.5')).stderr).toBe(
      'weft: serve: --max-queued-runs "1.5" is not a number of waiting requests\nhint: give a whole number from 0, e.g. --max-queued-runs 64\n',
    );
  });

  it('refuses to listen beyond loopback without a token (exit code 2, saying how to give one)', async () => {
    const refused = await weft(['serve', SUPPORT_MODULE, '--host', '0.0.0.0', '--port', '0', '--store', 'memory'], tempDir());
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/--host 0\.0\.0\.0 is not a loopback address[\s\S]*--token/);
  });
});

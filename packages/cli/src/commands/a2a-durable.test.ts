/**
 * `weft a2a --store <durable>` keeps its A2A tasks beside the threads: a task
 * left input-required by one process is answered on the next one, after the
 * first was killed. With `--task-store memory` the next process does not know
 * the task. The agent's approved tool appends a line to a file per run, so
 * the test counts its executions across processes.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, tempDir, weft, weftProcess } from '../../test-support/spawn-weft.ts';

const AGENT = join(FIXTURES, 'append-agent.ts');
const EXPENSE = join(FIXTURES, 'expense-graph.ts');
const PG_URL = process.env['WEFT_PG_URL'];

interface Task {
  id: string;
  contextId: string;
  status: { state: string };
  artifacts?: { parts: { kind: string; text?: string }[] }[];
}

interface Answer {
  result?: Task;
  error?: { code: number; message: string };
}

/** One JSON-RPC call, as an A2A 0.3 client sends it. */
async function call(url: string, method: string, params: unknown): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as Answer;
}

/** `message/send` of one part, on a task when given. */
const send = (url: string, part: object, on: { taskId?: string; contextId?: string } = {}) =>
  call(url, 'message/send', { message: { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts: [part], ...on } });

let cwd = '';
beforeAll(() => void (cwd = tempDir()));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** `weft a2a` on the agent in its own process, once it prints its ready line. */
async function serve(args: string[], appendFile: string) {
  const server = weftProcess(['a2a', AGENT, '--port', '0', ...args], cwd, { WEFT_TEST_APPEND_FILE: appendFile });
  const ready = await server.waitFor((l) => l.startsWith('a2a ready · '));
  return { server, ready, url: /(http:\/\/\S+)/.exec(ready)![1]! };
}

/** Asks for the approval, kills the server (SIGKILL: nothing is flushed or closed), starts a new one with the same flags. */
async function askThenRestart(args: string[], appendFile: string) {
  const first = await serve(args, appendFile);
  const asked = (await send(first.url, { kind: 'text', text: 'Refund A1' })).result!;
  expect(asked.status.state).toBe('input-required');
  first.server.child.kill('SIGKILL');
  await first.server.exited;
  const second = await serve(args, appendFile);
  return { first, second, asked, on: { taskId: asked.id, contextId: asked.contextId } };
}

const lines = (file: string): string[] => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);

/** The answer after the restart: the task completes, the tool ran once, the task reads back completed. */
async function expectAnsweredAfterRestart(args: string[], appendFile: string) {
  const { first, second, asked, on } = await askThenRestart(args, appendFile);
  expect(lines(appendFile)).toEqual([]);
  const answer = await send(second.url, { kind: 'data', data: { approved: true } }, on);
  expect(answer.error).toBeUndefined();
  const done = answer.result!;
  expect([done.id, done.status.state, done.artifacts?.[0]?.parts]).toEqual([asked.id, 'completed', [{ kind: 'text', text: 'Done.' }]]);
  expect(lines(appendFile)).toEqual(['Refund A1']);
  const read = (await call(second.url, 'tasks/get', { id: asked.id })).result!;
  expect([read.id, read.contextId, read.status.state]).toEqual([asked.id, asked.contextId, 'completed']);
  second.server.child.kill('SIGTERM');
  expect(await second.server.exited).toBe(0);
  return first.ready;
}

describe('weft a2a on a durable store', () => {
  it('keeps tasks in the SQLite file of --store: after SIGKILL, the next process completes the waiting task and the tool runs once', async () => {
    const ready = await expectAnsweredAfterRestart(['--store', 'sqlite:.weft/a2a.db'], join(cwd, 'sqlite-appends.txt'));
    expect(ready).toMatch(
      /^a2a ready · agent Appender · http:\/\/127\.0\.0\.1:\d+ · store sqlite \.weft\/a2a\.db · tasks sqlite \.weft\/a2a\.db · pid \d+$/,
    );
  });

  it('keeps tasks in the file --task-store names, the threads in --store', async () => {
    const args = ['--store', 'sqlite:threads.db', '--task-store', 'sqlite:tasks/a2a-tasks.db'];
    const ready = await expectAnsweredAfterRestart(args, join(cwd, 'split-appends.txt'));
    expect(ready).toMatch(/ · store sqlite threads\.db · tasks sqlite tasks\/a2a-tasks\.db · /);
  });

  it('with --task-store memory, the next process does not know the task: task not found, the tool never runs', async () => {
    const appendFile = join(cwd, 'memory-appends.txt');
    const { first, second, on } = await askThenRestart(['--store', 'sqlite:memory-tasks.db', '--task-store', 'memory'], appendFile);
    expect(first.ready).toMatch(/ · store sqlite memory-tasks\.db · tasks memory · /);
    const answer = await send(second.url, { kind: 'data', data: { approved: true } }, on);
    expect([answer.result, answer.error?.code, answer.error?.message]).toEqual([undefined, -32001, expect.stringContaining(on.taskId)]);
    expect(lines(appendFile)).toEqual([]);
    second.server.child.kill('SIGTERM');
    expect(await second.server.exited).toBe(0);
  });

  it('refuses a --task-store that names no store (exit code 2)', async () => {
    const bad = await weft(['a2a', EXPENSE, '--port', '0', '--task-store', 'redis://x'], cwd);
    expect([bad.code, bad.stdout, bad.stderr]).toEqual([
      2,
      '',
      'weft: --task-store "redis://x" names no store\nhint: use sqlite:<file>, postgres:<url> (or a postgres:// URL) or memory\n',
    ]);
  });

  it('refuses a --task-store file that is not SQLite (exit code 1, STORE_UNREADABLE) and leaves it as it was', async () => {
    const garbage = 'not a SQLite file '.repeat(40);
    writeFileSync(join(cwd, 'garbage.db'), garbage);
    const bad = await weft(['a2a', EXPENSE, '--port', '0', '--task-store', 'sqlite:garbage.db'], cwd);
    expect([bad.code, bad.stdout, bad.stderr]).toEqual([
      1,
      '',
      `weft: cannot open sqlite ${join(cwd, 'garbage.db')} for the A2A task table a2a_tasks: file is not a database\n` +
        'hint: check that garbage.db is a SQLite file this user can write, or pass --task-store <spec> to keep tasks elsewhere (memory: they do not outlive the server)\n',
    ]);
    expect(readFileSync(join(cwd, 'garbage.db'), 'utf8')).toBe(garbage);
  });

  it.skipIf(!PG_URL)('keeps tasks in the PostgreSQL database of --store: answered after SIGKILL, the tool runs once', async () => {
    const ready = await expectAnsweredAfterRestart(['--store', `postgres:${PG_URL}`], join(cwd, 'pg-appends.txt'));
    expect(ready).toMatch(/ · store postgres · tasks postgres · /);
  });
});

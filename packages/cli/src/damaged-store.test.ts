/**
 * Damaged data does not hide good data: `weft history` lists a checkpoint
 * that cannot be decoded as corrupt (seq, code, id) among the others, and
 * `weft threads` a thread whose head cannot be decoded as corrupt among the
 * others; both then exit 1 with a note on stderr that says what to do. A
 * SQLite file that is empty or not a database is one `weft:` / `hint:` pair
 * naming the file.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteStore } from '@weft/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../test-support/run-main.ts';
import { FIXTURES, normalizeIds, projectModule, tempDir } from '../test-support/spawn-weft.ts';

const INPUT = ['--input', '{"who":"Ann","amount":500}'];
const normalize = (text: string) => normalizeIds(text).replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/g, 'YYYY-MM-DD hh:mm:ssZ');

describe('corrupt checkpoints in history and threads', () => {
  const cwd = tempDir();
  let interrupted = '';
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  beforeAll(async () => {
    const module = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
    for (const thread of ['good', 'bad']) expect((await runMain(['run', module, ...INPUT, '--thread', thread], cwd)).code).toBe(0);
    // A checkpoint whose bytes are not a checkpoint becomes the head of "bad"; an older one of "good" is damaged too.
    const store = new SqliteStore({ path: join(cwd, '.weft/weft.db') });
    const head = (await store.get('bad'))!;
    interrupted = head.id;
    await store.put({
      ...head,
      id: 'garbage-1',
      parentId: head.id,
      seq: head.seq + 1,
      bytes: new TextEncoder().encode('not a checkpoint'),
    });
    await store.close();
  });

  it('history lists the corrupt checkpoint with its code, the others as usual, and says where to continue from', async () => {
    const history = await runMain(['history', '--', 'bad'], cwd);
    expect({ ...history, stdout: normalize(history.stdout) }).toEqual({
      code: 1,
      stdout: `thread bad · 4 checkpoints
seq  step  status       source              parent  next     interrupts  time                  id
  4     1  corrupt      CHECKPOINT_CORRUPT       3  -        -           YYYY-MM-DD hh:mm:ssZ  garbage-1
  3     1  interrupted  step                     2  approve  approve#0   YYYY-MM-DD hh:mm:ssZ  <id>
  2     1  running      step                     1  approve  -           YYYY-MM-DD hh:mm:ssZ  <id>
  1     0  running      input                    -  check    -           YYYY-MM-DD hh:mm:ssZ  <id>
`,
      stderr:
        'weft: 1 of 4 checkpoints of thread "bad" cannot be read: seq 4 (garbage-1: CHECKPOINT_CORRUPT)\n' +
        `hint: continue from the newest checkpoint that reads (a fork): weft resume --checkpoint ${interrupted} --value '<json>' --interrupt 'approve#0' -- bad\n`,
    });
    const json = await runMain(['history', '--json', '--', 'bad'], cwd);
    expect(json.code).toBe(1);
    const { checkpoints } = JSON.parse(json.stdout) as { checkpoints: { seq: number; status: string; error?: { code: string } }[] };
    expect(checkpoints.map((c) => [c.seq, c.status, c.error?.code])).toEqual([
      [4, 'corrupt', 'CHECKPOINT_CORRUPT'],
      [3, 'interrupted', undefined],
      [2, 'running', undefined],
      [1, 'running', undefined],
    ]);
  });

  it('threads lists the thread whose head is corrupt, the others as usual, and says to look at its history', async () => {
    const threads = await runMain(['threads'], cwd);
    const listed = (JSON.parse((await runMain(['threads', '--json'], cwd)).stdout) as { threads: { graph: { hash: string } | null }[] })
      .threads;
    // The version of a corrupt head is unknown; the good one's graph has no label: the first 8 of its hash.
    expect(listed[0]!.graph).toBeNull();
    const good = listed[1]!.graph!.hash.slice(0, 8);
    expect({ ...threads, stdout: normalize(threads.stdout) }).toEqual({
      code: 1,
      stdout: `thread  status                        seq  step  version   updated               running by  module
bad     corrupt (CHECKPOINT_CORRUPT)    4     1  -         YYYY-MM-DD hh:mm:ssZ  -           -
good    interrupted                     3     1  ${good}  YYYY-MM-DD hh:mm:ssZ  -           expense-graph.ts
`,
      stderr:
        'weft: the latest checkpoint of thread "bad" (CHECKPOINT_CORRUPT) cannot be read\n' +
        'hint: see which of its checkpoints read and continue from one: weft history -- bad\n',
    });
    const json = await runMain(['threads', '--json'], cwd);
    const rows = (JSON.parse(json.stdout) as { threads: { threadId: string; status: string; error: { code: string } | null }[] }).threads;
    expect([json.code, rows.map((t) => [t.threadId, t.status, t.error?.code ?? null])]).toEqual([
      1,
      [
        ['bad', 'corrupt', 'CHECKPOINT_CORRUPT'],
        ['good', 'interrupted', null],
      ],
    ]);
  });
});

describe('a SQLite file that is not a store', () => {
  const cwd = tempDir();
  const file = join(cwd, '.weft/weft.db');
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  mkdirSync(join(cwd, '.weft'));
  const hint = `hint: restore ${file} from a backup, or move it away (a new, empty store is then created); or pass --store to use another\n`;

  it('a garbage file: weft names it and says what to do', async () => {
    writeFileSync(file, 'garbage '.repeat(1000));
    for (const argv of [['threads'], ['history', '--', 't1'], ['resume', '--', 't1']]) {
      const result = await runMain(argv, cwd);
      expect([result.code, result.stdout]).toEqual([1, '']);
      expect(result.stderr).toMatch(
        new RegExp(`^weft: database "${file}" is not a SQLite database: .*\\n${hint.replace(/[()]/g, '\\$&')}$`),
      );
    }
  });

  it('an empty file', async () => {
    writeFileSync(file, '');
    const result = await runMain(['threads'], cwd);
    expect([result.code, result.stdout]).toEqual([1, '']);
    expect(result.stderr).toMatch(
      new RegExp(`^weft: database "${file}" is an empty file \\(0 bytes\\).*\\n${hint.replace(/[()]/g, '\\$&')}$`),
    );
  });
});

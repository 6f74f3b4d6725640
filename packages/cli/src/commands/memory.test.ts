/**
 * `weft memory` on the SQLite file of the default store (.weft/weft.db):
 * put, get, list with a filter and pages, search without an embedder,
 * delete, `--json` lines, and the bank's refusals of a bad namespace,
 * filter or value as `weft:`/`hint:` lines with exit code 2 and nothing
 * written.
 */
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test-support/run-main.ts';
import { FIXTURES, projectModule, tempDir } from '../../test-support/spawn-weft.ts';

/** Times change from run to run; the placeholder keeps their width, so the columns stay aligned. */
const TIME = 'YYYY-MM-DD hh:mm:ssZ';
const normalize = (text: string): string => text.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/g, TIME);

describe('weft memory on a SQLite store', () => {
  const cwd = realpathSync(tempDir());
  const weft = async (...argv: string[]) => {
    const result = await runMain(['memory', ...argv], cwd);
    return { ...result, stdout: normalize(result.stdout) };
  };

  beforeAll(async () => {
    for (const [ns, key, value, ...flags] of [
      ['users/u42', 'plan', '{"text":"The customer is on the Pro plan","kind":"fact"}'],
      ['users/u42', 'colour', '{"text":"Favourite colour is green","kind":"preference"}', '--ttl', '86400000'],
      ['users/u7', 'plan', '{"text":"Free plan since March","kind":"fact"}'],
      ['teams/t1', 'name', '"Platform"'],
    ] as const) {
      const put = await weft('put', ns, key, value, ...flags);
      expect(put).toEqual({
        code: 0,
        stdout: `written ${ns} "${key}"${flags.length ? ` (expires ${TIME})` : ''}\n`,
        stderr: '',
      });
    }
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('lists every namespace by namespace then key, and one subtree', async () => {
    expect(await weft('list')).toEqual({
      code: 0,
      stdout: [
        `namespace  key     updated               expires               value`,
        `teams/t1   name    ${TIME}  -                     "Platform"`,
        `users/u42  colour  ${TIME}  ${TIME}  {"text":"Favourite colour is green","kind":"preference"}`,
        `users/u42  plan    ${TIME}  -                     {"text":"The customer is on the Pro plan","kind":"fact"}`,
        `users/u7   plan    ${TIME}  -                     {"text":"Free plan since March","kind":"fact"}`,
        '',
      ].join('\n'),
      stderr: '',
    });
    expect((await weft('list', '/')).stdout).toBe((await weft('list')).stdout);
    expect((await weft('list', 'users/u7')).stdout).toBe(
      [
        `namespace  key   updated               expires  value`,
        `users/u7   plan  ${TIME}  -        {"text":"Free plan since March","kind":"fact"}`,
        '',
      ].join('\n'),
    );
    expect(await weft('list', 'nobody')).toEqual({ code: 0, stdout: 'no items under nobody in sqlite .weft/weft.db\n', stderr: '' });
  });

  it('pages a filtered list: the printed command lists the next page', async () => {
    const first = await weft('list', 'users', '--filter', '{"kind":"fact"}', '--limit', '1');
    const lines = first.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      `namespace  key   updated               expires  value`,
      `users/u42  plan  ${TIME}  -        {"text":"The customer is on the Pro plan","kind":"fact"}`,
    ]);
    const cursor = /--cursor (\S+) -- users$/.exec(lines[2]!)?.[1];
    expect(lines[2]).toBe(`more: weft memory list --filter '{"kind":"fact"}' --limit 1 --cursor ${cursor} -- users`);
    const second = await weft('list', '--filter', '{"kind":"fact"}', '--limit', '1', '--cursor', cursor!, '--', 'users');
    const rest = second.stdout.trimEnd().split('\n');
    expect(rest.slice(0, 2)).toEqual([
      `namespace  key   updated               expires  value`,
      `users/u7   plan  ${TIME}  -        {"text":"Free plan since March","kind":"fact"}`,
    ]);
    // A full page may have more: its cursor leads to an empty page, which says so.
    const last = /--cursor (\S+) -- users$/.exec(rest[2]!)?.[1];
    expect(await weft('list', 'users', '--filter', '{"kind":"fact"}', '--limit', '1', '--cursor', last!)).toEqual({
      code: 0,
      stdout: 'no items under users in sqlite .weft/weft.db\n',
      stderr: '',
    });
  });

  it('searches by keywords, and says so: the command has no embedder', async () => {
    const found = await weft('search', 'users', '--query', 'Which plan is the customer on?', '--filter', '{"kind":"fact"}');
    const lines = found.stdout.trimEnd().split('\n');
    expect(found.code).toBe(0);
    expect(lines[0]).toBe('mode: keyword (this bank has no embedder: keyword search)');
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(0, 2))).toEqual([
      ['namespace', 'key'],
      ['users/u42', 'plan'], // "plan", "customer", "the", "is", "on": the most words
      ['users/u7', 'plan'],
    ]);
    expect(await weft('search', 'users', '--query', 'zebra')).toEqual({
      code: 0,
      stdout: 'mode: keyword (this bank has no embedder: keyword search)\nno items found under users in sqlite .weft/weft.db\n',
      stderr: '',
    });
    const recent = await weft('search', 'teams');
    expect(recent.stdout).toBe(
      [
        'mode: recent (no --query: the newest items first)',
        `namespace  key   score  updated               expires  value`,
        `teams/t1   name   1.00  ${TIME}  -        "Platform"`,
        '',
      ].join('\n'),
    );
  });

  it('gets one item whole, and says when there is none', async () => {
    expect(await weft('get', 'users/u42', 'plan')).toEqual({
      code: 0,
      stdout: [
        'namespace users/u42',
        'key       plan',
        `created   ${TIME}`,
        `updated   ${TIME}`,
        'expires   -',
        '{',
        '  "text": "The customer is on the Pro plan",',
        '  "kind": "fact"',
        '}',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(await weft('get', 'users/u42', 'nope')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'weft: no item "nope" in users/u42 (sqlite .weft/weft.db)\nhint: list what the namespace holds: weft memory list -- users/u42\n',
    });
  });

  it('prints one JSON line per item with --json, and a last line that says how', async () => {
    const listed = await weft('list', 'users', '--limit', '2', '--json');
    const lines = listed.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l['key'] ?? Object.keys(l))).toEqual(['colour', 'plan', ['cursor']]);
    expect(lines[1]).toEqual({
      namespace: ['users', 'u42'],
      key: 'plan',
      value: { text: 'The customer is on the Pro plan', kind: 'fact' },
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect(typeof (lines[0] as { expiresAt?: unknown }).expiresAt).toBe('number');
    const searched = (await weft('search', '--query', 'platform', '--json')).stdout.trimEnd().split('\n');
    expect(searched.map((l) => JSON.parse(l) as unknown)).toEqual([
      expect.objectContaining({ namespace: ['teams', 't1'], key: 'name', value: 'Platform', score: expect.any(Number) }),
      { mode: 'keyword', fallback: 'this bank has no embedder: keyword search' },
    ]);
    expect(JSON.parse((await weft('get', 'teams/t1', 'name', '--json')).stdout)).toMatchObject({ key: 'name', value: 'Platform' });
  });

  it('deletes without asking: exit 0 when it deleted an item, 1 when there was none', async () => {
    await weft('put', 'scratch', 'a', '1');
    expect(await weft('delete', 'scratch', 'a')).toEqual({ code: 0, stdout: 'deleted scratch "a"\n', stderr: '' });
    expect(await weft('delete', 'scratch', 'a')).toEqual({
      code: 1,
      stdout: 'nothing to delete: no item "a" in scratch (sqlite .weft/weft.db)\n',
      stderr: '',
    });
    await weft('put', 'scratch', 'b', '2');
    expect(await weft('delete', 'scratch', 'b', '--json')).toEqual({
      code: 0,
      stdout: '{"deleted":true,"namespace":["scratch"],"key":"b"}\n',
      stderr: '',
    });
    expect(await weft('list', 'scratch')).toEqual({ code: 0, stdout: 'no items under scratch in sqlite .weft/weft.db\n', stderr: '' });
  });

  it('reads a namespace as slash-separated segments with %2F, %25 and %5B, or as a JSON array, and prints it back the same way', async () => {
    const put = await weft('put', '["a/b", "50%", "[x]"]', 'k', 'true');
    expect(put).toEqual({ code: 0, stdout: 'written a%2Fb/50%25/[x] "k"\n', stderr: '' });
    expect((await weft('get', 'a%2Fb/50%25/[x]', 'k', '--json')).stdout).toContain('"namespace":["a/b","50%","[x]"]');
    expect((await weft('put', '%5Bdraft]', 'k', 'null')).stdout).toBe('written %5Bdraft] "k"\n');
    expect((await weft('get', '["[draft]"]', 'k', '--json')).stdout).toContain('"namespace":["[draft]"]');
  });
});

describe('weft memory refusals', () => {
  const cwd = realpathSync(tempDir());
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  const NS_HINT = `hint: write a namespace as segments separated by / (users/u42; %2F is a / inside a segment, %25 a %), or as a JSON array: '["users","u42"]'\n`;
  const FILTER_HINT = `hint: a filter is a JSON object of fields, each a value or operators ($eq $ne $gt $gte $lt $lte $in $nin $exists): --filter '{"kind":"fact","score":{"$gte":0.5}}'\n`;
  const VALUE_HINT = `hint: give the value as JSON quoted for the shell: '{"text":"…"}' (a string keeps its quotes: '"green"'), or @<file>\n`;

  it.each([
    [['put', 'users//u42', 'k', '1'], 'INVALID_NAMESPACE: put: namespace segment 1 must not be empty', NS_HINT],
    [['put', '["users"', 'k', '1'], 'INVALID_NAMESPACE: the namespace is not valid JSON: it ends too early (after \'["users"\')', NS_HINT],
    [['put', '/', 'k', '1'], "INVALID_NAMESPACE: put: a namespace needs at least one segment, such as ['notes']", NS_HINT],
    [
      ['put', 'users', 'k', '{text:"hi"}'],
      `INVALID_VALUE: put: the value is not valid JSON: unexpected "t" at character 2 (after '{')`,
      VALUE_HINT,
    ],
    [
      ['list', 'users', '--filter', '{"kind":{"$regex":"^f"}}'],
      'INVALID_FILTER: list: field "kind": unknown operator "$regex"; use one of $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists',
      FILTER_HINT,
    ],
    [
      ['search', '--filter', '[1]'],
      "INVALID_FILTER: search: a filter is an object of fields, such as { kind: 'note' } (got an array)",
      FILTER_HINT,
    ],
    [
      ['list', '--limit', '5000'],
      'INVALID_ARGUMENT: list: limit must be a whole number from 1 to 1000 (got 5000)',
      'hint: weft memory --help shows the options\n',
    ],
  ])("weft memory %j: the bank's code and message, exit 2, no file created", async (argv, message, hint) => {
    expect(await runMain(['memory', ...argv], cwd)).toEqual({ code: 2, stdout: '', stderr: `weft: ${message}\n${hint}` });
    expect(existsSync(join(cwd, '.weft'))).toBe(false);
  });

  it('refuses a store that lives inside one command, an unknown action and an option of another action', async () => {
    expect(await runMain(['memory', 'list', '--store', 'memory'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'weft: weft memory: the store "memory" lives inside one command, so its memory is gone when the command ends\n' +
        'hint: name a store that outlives the command: --store sqlite:<file> or --store postgres:<url> (default: sqlite:.weft/weft.db)\n',
    });
    expect((await runMain(['memory', 'serach'], cwd)).stderr).toBe(
      'weft: memory: unknown action "serach"\nhint: did you mean weft memory search? the actions are list, search, get, put, delete; weft memory --help explains them\n',
    );
    expect(await runMain(['memory', 'get', 'users', 'k', '--query', 'x'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: memory get takes no --query\nhint: --query is for search; weft memory --help shows how to call it\n',
    });
  });

  it('a bad value leaves the stored item as it was', async () => {
    expect((await runMain(['memory', 'put', 'users', 'k', '{"v":1}'], cwd)).code).toBe(0);
    expect((await runMain(['memory', 'put', 'users', 'k', '{"v":'], cwd)).code).toBe(2);
    expect(JSON.parse((await runMain(['memory', 'get', 'users', 'k', '--json'], cwd)).stdout)).toMatchObject({ value: { v: 1 } });
  });
});

describe('weft memory beside the checkpoints of the same SQLite file', () => {
  const cwd = realpathSync(tempDir());
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('the thread a run wrote is still listed after weft memory put', async () => {
    const run = await runMain(
      ['run', projectModule(cwd, join(FIXTURES, 'loop-graph.ts')), '--input', '{"n":0,"to":1}', '--thread', 'L'],
      cwd,
    );
    expect(run.code).toBe(0);
    expect((await runMain(['memory', 'put', 'users', 'k', '1'], cwd)).code).toBe(0);
    const threads = await runMain(['threads', '--json'], cwd);
    expect(threads.stderr).toBe('');
    expect((JSON.parse(threads.stdout) as { threads: { threadId: string }[] }).threads.map((t) => t.threadId)).toEqual(['L']);
  });
});

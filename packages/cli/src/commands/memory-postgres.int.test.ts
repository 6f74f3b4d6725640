/**
 * `weft memory --store postgres:<url>` against a real server (WEFT_PG_URL;
 * start one with scripts/start-postgres.sh): the PostgresMemoryBank in the
 * store's database. Skipped when the variable is unset. Items go under a
 * namespace of their own, so runs sharing the server do not meet.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test-support/run-main.ts';
import { tempDir } from '../../test-support/spawn-weft.ts';

const url = process.env['WEFT_PG_URL'];
const TIME = 'YYYY-MM-DD hh:mm:ssZ';

describe.skipIf(!url)('weft memory with a Postgres store', () => {
  // Made in beforeAll: a skipped suite still runs its body, but not its hooks.
  let cwd = '';
  beforeAll(() => void (cwd = tempDir()));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('puts, lists with a filter, searches by keywords, gets and deletes', async () => {
    const ns = `cli-${randomBytes(4).toString('hex')}`;
    const store = ['--store', `postgres:${url}`];
    const weft = async (...argv: string[]) => {
      const r = await runMain(['memory', ...argv, ...store], cwd);
      return { ...r, stdout: r.stdout.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/g, TIME) };
    };
    expect(await weft('put', `${ns}/u42`, 'plan', '{"text":"The customer is on the Pro plan","kind":"fact"}')).toEqual({
      code: 0,
      stdout: `written ${ns}/u42 "plan"\n`,
      stderr: '',
    });
    expect((await weft('put', `${ns}/u42`, 'colour', '{"text":"Favourite colour is green","kind":"preference"}')).code).toBe(0);
    expect(await weft('list', ns, '--filter', '{"kind":"fact"}')).toEqual({
      code: 0,
      stdout: [
        `namespace         key   updated               expires  value`,
        // jsonb keeps an object's keys in its own order (shorter keys first)
        `${ns}/u42  plan  ${TIME}  -        {"kind":"fact","text":"The customer is on the Pro plan"}`,
        '',
      ].join('\n'),
      stderr: '',
    });
    const found = (await weft('search', ns, '--query', 'green colour', '--json')).stdout.trimEnd().split('\n');
    expect(found.map((l) => JSON.parse(l) as unknown)).toEqual([
      expect.objectContaining({ namespace: [ns, 'u42'], key: 'colour', score: expect.any(Number) }),
      { mode: 'keyword', fallback: 'this bank has no embedder: keyword search' },
    ]);
    expect(JSON.parse((await weft('get', `${ns}/u42`, 'plan', '--json')).stdout)).toMatchObject({ value: { kind: 'fact' } });
    expect(await weft('list', ns, '--filter', '{"kind":{"$regex":"f"}}')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^weft: INVALID_FILTER: list: /),
    });
    for (const key of ['plan', 'colour'])
      expect(await weft('delete', `${ns}/u42`, key)).toEqual({ code: 0, stdout: `deleted ${ns}/u42 "${key}"\n`, stderr: '' });
    expect(await weft('delete', `${ns}/u42`, 'plan')).toEqual({
      code: 1,
      stdout: `nothing to delete: no item "plan" in ${ns}/u42 (postgres)\n`,
      stderr: '',
    });
    expect(await weft('list', ns)).toEqual({ code: 0, stdout: `no items under ${ns} in postgres\n`, stderr: '' });
  });
});

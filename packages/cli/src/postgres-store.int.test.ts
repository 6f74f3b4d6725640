/**
 * `--store postgres:<url>` against a real server (WEFT_PG_URL; start one with
 * scripts/start-postgres.sh). Skipped when the variable is unset.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, projectModule, tempDir, weft, weftShell } from '../test-support/spawn-weft.ts';

const url = process.env['WEFT_PG_URL'];

describe.skipIf(!url)('weft with a Postgres store', () => {
  // Made in beforeAll: a skipped suite still runs its body, but not its hooks.
  let cwd = '';
  beforeAll(() => void (cwd = tempDir()));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('runs, resumes through the printed command (which names the store) and lists the thread', async () => {
    const thread = `cli-${randomBytes(4).toString('hex')}`;
    const store = `postgres:${url}`;
    const run = await weft(
      [
        'run',
        projectModule(cwd, join(FIXTURES, 'expense-graph.ts')),
        '--input',
        '{"who":"Ann","amount":500}',
        '--thread',
        thread,
        '--store',
        store,
      ],
      cwd,
    );
    expect(run.code).toBe(0);
    const printed = run.stdout.trimEnd().split('\n').at(-1)!.trim();
    expect(printed).toBe(`weft resume --value '<json>' --interrupt 'approve#0' --store ${store} -- ${thread}`);
    const resumed = await weftShell(printed.replace(`'<json>'`, `'{"approved":true}'`), cwd);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout.trimEnd().split('\n').at(-1)).toBe(`done · thread ${thread} · seq 6, step 3 · output paid 500 to Ann`);
    const { threads } = JSON.parse((await weft(['threads', '--json', '--store', store], cwd)).stdout) as {
      threads: { threadId: string; status: string }[];
    };
    expect(threads.find((t) => t.threadId === thread)?.status).toBe('done');
  });
});

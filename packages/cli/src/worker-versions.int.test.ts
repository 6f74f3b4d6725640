/**
 * `weft worker <module> --also <older>`: one worker serves two versions of a
 * graph (refunds-v1.ts, refunds-v2.ts) through a real Redis
 * (WEFT_REDIS_URL) and a shared store (PostgreSQL when WEFT_PG_URL is set,
 * else a SQLite file). A thread version 1 wrote resumes on version 1 (v2
 * would have migrated it, and its head would be v2's); a new thread runs on
 * version 2; `weft worker --versions` counts them. Skipped when
 * WEFT_REDIS_URL is unset.
 */
import { randomBytes } from 'node:crypto';
import { realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineProcess } from '../test-support/line-process.ts';
import { FIXTURES, projectModule, tempDir, weft, weftProcess } from '../test-support/spawn-weft.ts';
import { graph as refundsV1 } from '../test-fixtures/refunds-v1.ts';
import { graph as refundsV2 } from '../test-fixtures/refunds-v2.ts';

const redis = process.env['WEFT_REDIS_URL'];
const pg = process.env['WEFT_PG_URL'];

describe.skipIf(!redis)('weft worker: several versions of a graph', () => {
  // Made in beforeAll: a skipped suite still runs its body, but not its hooks.
  let cwd = '';
  let store = '';
  const queue = `cli-versions-${randomBytes(4).toString('hex')}`;
  const workers: LineProcess[] = [];
  const queued = () => ['--queue', redis!, '--queue-name', queue, '--store', store];
  const startWorker = async (args: string[]) => {
    const worker = weftProcess(['worker', ...args, '--redis', redis!, '--store', store, '--queue-name', queue], cwd);
    workers.push(worker);
    return { worker, ready: await worker.waitFor((l) => l.startsWith('worker ready · ')) };
  };
  const versionsTable = () => weft(['worker', '--versions', '--redis', redis!, '--store', store, '--queue-name', queue], cwd);
  const jobLines = (worker: LineProcess, thread: string) =>
    worker.lines.filter((l) => l.includes(`thread ${thread}`)).map((l) => l.replace(/^job \d+/, 'job'));

  beforeAll(() => {
    cwd = realpathSync(tempDir());
    store = pg ? `postgres:${pg}` : `sqlite:${join(cwd, 'stores', 'shared.db')}`;
    writeFileSync(join(cwd, 'package.json'), '{ "type": "module" }\n');
    for (const fixture of ['refunds-v1.ts', 'refunds-v2.ts', 'counting-graph.ts']) projectModule(cwd, join(FIXTURES, fixture));
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    rmSync(cwd, { recursive: true, force: true });
  });

  it('resumes a thread version 1 wrote on version 1, runs a new thread on version 2, and --versions counts them', async () => {
    // Before the deploy: a worker of version 1 only, and a thread it leaves waiting for the approval.
    const before = await startWorker(['refunds-v1.ts']);
    expect(before.ready).toMatch(new RegExp(`^worker ready · queue ${queue} · target graph \\(graph refunds\\) · redis `));
    const old = `v1-${randomBytes(4).toString('hex')}`;
    const started = await weft(['run', 'refunds-v1.ts', '--input', '{"amount":5}', '--thread', old, ...queued()], cwd);
    expect([started.code, started.stderr]).toEqual([0, '']);
    expect(started.stdout).toContain(`interrupted · thread ${old}`);
    before.worker.child.kill('SIGTERM');
    expect(await before.worker.exited).toBe(0);
    expect((await versionsTable()).stdout).toBe(table([['graph', 'refunds', 'v1', refundsV1.hash.slice(0, 8), '1', '0', '0']]));

    // After it: one worker serves both, version 2 the newest.
    const both = await startWorker(['refunds-v2.ts', '--also', 'refunds-v1.ts']);
    expect(both.ready).toMatch(new RegExp(`^worker ready · queue ${queue} · target graph \\(graph refunds\\) · versions v1, v2 · redis `));
    const resumed = await weft(['resume', '--value', '{"approved":true}', ...queued(), '--', old], cwd);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.stdout.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`^done · thread ${old} · .* · output paid 5$`));
    const fresh = `v2-${randomBytes(4).toString('hex')}`;
    const ran = await weft(['run', 'refunds-v2.ts', '--input', '{"amount":7}', '--thread', fresh, ...queued()], cwd);
    expect([ran.code, ran.stderr]).toEqual([0, '']);
    expect(ran.stdout).toContain(`interrupted · thread ${fresh}`);
    expect([jobLines(both.worker, old), jobLines(both.worker, fresh)]).toEqual([
      [`job · resume graph · thread ${old} · started`, `job · resume graph · thread ${old} · done`],
      [`job · run graph · thread ${fresh} · started`, `job · run graph · thread ${fresh} · interrupted`],
    ]);

    // Version 1's thread ended on version 1 (no migration to v2): v1 has no open thread left and can be retired.
    const counted = await versionsTable();
    expect([counted.code, counted.stderr]).toEqual([0, '']);
    expect(counted.stdout).toBe(
      table([
        ['graph', 'refunds', 'v1', refundsV1.hash.slice(0, 8), '0', '1', '0'],
        ['graph', 'refunds', 'v2', refundsV2.hash.slice(0, 8), '1', '0', '0'],
      ]),
    );
    both.worker.child.kill('SIGTERM');
    expect(await both.worker.exited).toBe(0);
  });

  it('--pinned-only: the worker says it takes no new runs; --also refuses another graph; --versions takes no module', async () => {
    const pinned = await startWorker(['refunds-v2.ts', '--also', 'refunds-v1.ts', '--pinned-only']);
    expect(pinned.ready).toMatch(/ · target graph \(graph refunds\) · versions v1, v2 · pinned only · redis /);
    pinned.worker.child.kill('SIGTERM');
    expect(await pinned.worker.exited).toBe(0);

    const other = await weft(['worker', 'refunds-v2.ts', '--also', 'counting-graph.ts', '--redis', redis!, '--store', store], cwd);
    expect([other.code, other.stdout, other.stderr.split('\n')]).toEqual([
      2,
      '',
      [
        'weft: worker: --also counting-graph.ts exports graph "counting", not a version of graph "refunds"',
        'hint: give --also older versions of graph "refunds", the one refunds-v2.ts exports',
        '',
      ],
    ]);
    const mixed = await weft(['worker', 'refunds-v2.ts', '--versions', '--redis', redis!, '--store', store], cwd);
    expect([mixed.code, mixed.stdout, mixed.stderr.split('\n')[0]]).toEqual([
      2,
      '',
      'weft: worker --versions reads the queue and serves nothing',
    ]);
  });
});

/** The --versions table: header, then rows with the counts right-aligned. */
function table(rows: string[][]): string {
  const header = ['target', 'graph', 'version', 'hash', 'open', 'done', 'waiting jobs'];
  const all = [header, ...rows];
  const widths = header.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === r.length - 1 ? cell : c >= 4 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ');
  return all.map(line).join('\n') + '\n';
}

/**
 * `weft migrate`: a store with threads v1 of a refund flow wrote (A and B
 * paused at its approval, C done) and one of another graph, against v2,
 * which renames the approval and migrates v1's threads (except a refund of
 * 13, which its migration refuses), and v0, which cannot continue them:
 * plan, apply (a dry run, a failure that does not stop the batch), the
 * migrated thread resumed, fixtures saved and tested, weft threads' version
 * column and weft graph --hash.
 */
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test-support/run-main.ts';
import { FIXTURES, normalizeIds, projectModule, tempDir } from '../../test-support/spawn-weft.ts';

const cwd = realpathSync(tempDir());
const [V1, V2, V0] = ['v1', 'v2', 'v0'].map((v) => projectModule(cwd, join(FIXTURES, `refunds-${v}.ts`))) as [string, string, string];
const weft = (...argv: string[]) => runMain(argv, cwd);
const TIME = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ/g;

/** The structure hashes of v1 and v2, as the store lists them. */
let hashes: { v1: string; v2: string };
interface Plan {
  threads: { threadId: string; status: string; from: { hash: string; version?: string }; check: string; migrations: string[] }[];
  skipped: number;
  summary: { checks: Record<string, number>; olderVersions: Record<string, number> };
}

beforeAll(async () => {
  for (const [thread, amount] of [
    ['A', 10],
    ['B', 13],
    ['C', 20],
    ['D', 10],
  ] as const)
    expect((await weft('run', V1, '--input', JSON.stringify({ amount }), '--thread', thread)).code).toBe(0);
  expect((await weft('resume', '--value', '{"approved":true}', '--', 'C')).code).toBe(0);
  const other = projectModule(cwd, join(FIXTURES, 'counting-graph.ts'));
  expect((await weft('run', other, '--input', '{"n":1}', '--thread', 'other')).code).toBe(0);
  mkdirSync(join(cwd, 'fixtures'));
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

describe('weft migrate on a store v1 wrote', () => {
  it('weft threads shows the version that wrote each thread: its label, else the first 8 of its hash', async () => {
    const listed = await weft('threads');
    const rows = listed.stdout.replace(TIME, '<time>').split('\n');
    expect(rows[0]).toMatch(/^thread\s+status\s+seq\s+step\s+version\s+updated\s+running by\s+module$/);
    const json = JSON.parse((await weft('threads', '--json')).stdout) as {
      threads: { threadId: string; graph: { hash: string; version?: string } }[];
    };
    const other = json.threads.find((t) => t.threadId === 'other')!.graph;
    expect(other.version).toBeUndefined();
    expect(rows.find((r) => r.startsWith('other'))).toMatch(
      new RegExp(`^other\\s+done\\s+\\d+\\s+\\d+\\s+${other.hash.slice(0, 8)}\\s+<time>`),
    );
    expect(rows.find((r) => r.startsWith('A '))).toMatch(/^A\s+interrupted\s+3\s+1\s+v1\s+<time>/);
    hashes = { v1: json.threads.find((t) => t.threadId === 'A')!.graph.hash, v2: '' };
  });

  it('plan: every thread of the graph with its version and check, the counts, and other graphs skipped', async () => {
    const plan = await weft('migrate', 'plan', V2);
    const json = JSON.parse((await weft('migrate', 'plan', V2, '--json')).stdout) as Plan & { graph: { hash: string } };
    hashes.v2 = json.graph.hash;
    expect(plan).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `graph refunds · version v2 (${hashes.v2.slice(0, 8)})`,
        'thread  status       version  check            migrations / reasons',
        'A       interrupted  v1       needs-migration  v1 -> v2',
        'B       interrupted  v1       needs-migration  v1 -> v2',
        'C       done         v1       needs-migration  v1 -> v2',
        'D       interrupted  v1       needs-migration  v1 -> v2',
        '4 threads: 4 needs-migration · waiting on older versions: v1: 4 threads · 1 thread of other graphs skipped',
        '',
      ].join('\n'),
    });
    expect(json.summary).toEqual({ checks: { 'needs-migration': 4 }, olderVersions: { v1: 4 } });
    expect(json.skipped).toBe(1);
    expect(json.threads.map((t) => [t.threadId, t.status, t.from, t.check, t.migrations])).toContainEqual([
      'A',
      'interrupted',
      { hash: hashes.v1, version: 'v1' },
      'needs-migration',
      ['v1 -> v2'],
    ]);
  });

  it('plan against a version that cannot continue the paused threads: blocked with the reasons, exit 1', async () => {
    const plan = await weft('migrate', 'plan', V0, '--thread', 'A', '--thread', 'C', '--thread', 'other');
    const why =
      'the next task runs node "ask", which this version does not have; the pending interrupt at address "ask" belongs to no task of this version (its node was renamed, removed or given another address), so its answer would reach nobody';
    expect(plan.code).toBe(1);
    expect(plan.stdout.split('\n').slice(1)).toEqual([
      'thread  status       version  check       migrations / reasons',
      `A       interrupted  v1       blocked     ${why}`,
      'C       done         v1       compatible  -',
      '2 threads: 1 blocked, 1 compatible · waiting on older versions: v1: 2 threads · 1 thread of other graphs skipped',
      '',
    ]);
    expect(await weft('migrate', 'plan', V2, '--thread', 'nobody')).toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('weft: thread "nobody" not found in sqlite .weft/weft.db\n'),
    });
  });

  it('save-fixture writes a thread as exportThread gives it', async () => {
    expect(await weft('migrate', 'save-fixture', '--thread', 'A', '--out', 'fixtures/a.json')).toEqual({
      code: 0,
      stdout: '',
      stderr: `wrote ${join(cwd, 'fixtures/a.json')} (fixture of thread A, 3 checkpoints)\n`,
    });
    const fixture = JSON.parse(readFileSync(join(cwd, 'fixtures/a.json'), 'utf8')) as Record<string, unknown>;
    expect(fixture).toMatchObject({
      kind: 'weft.thread-fixture',
      formatVersion: 1,
      threadId: 'A',
      graphs: [{ name: 'refunds', hash: hashes.v1, version: 'v1' }],
    });
    // plan --save-fixture writes each thread it lists; a done thread's fixture passes once migrated.
    const planned = await weft('migrate', 'plan', V2, '--thread', 'C', '--save-fixture', 'done');
    expect([planned.code, planned.stderr]).toEqual([0, `wrote ${join(cwd, 'done/C.json')} (fixture of thread C, 6 checkpoints)\n`]);
    expect((await weft('migrate', 'test', V2, '--fixtures', 'done')).stdout.split('\n')[1]).toBe(
      'C.json   C       v1       needs-migration  passed  migrated (v1 -> v2), done',
    );
    // The same thread with the answer to its approval: migrate test resumes it.
    writeFileSync(join(cwd, 'fixtures/a-approved.json'), JSON.stringify({ ...fixture, answers: { 'ask#0': { approved: true } } }));
  });

  it('apply --dry-run says what would happen and writes nothing; a thread its migration refuses is reported and the others go on', async () => {
    const before = normalizeIds((await weft('history', '--', 'A')).stdout);
    const dry = await weft('migrate', 'apply', V2, '--all', '--dry-run');
    expect(dry).toEqual({
      code: 1,
      stderr: '',
      stdout: [
        `graph refunds · version v2 (${hashes.v2.slice(0, 8)}) · dry run: nothing written`,
        'thread  from  outcome        detail',
        'A       v1    would-migrate  v1 -> v2',
        'B       v1    failed         MIGRATION_FAILED: migration "v1 -> v2" failed in its frontier function: a refund of 13 needs a person to move it',
        'C       v1    would-migrate  v1 -> v2',
        'D       v1    would-migrate  v1 -> v2',
        '4 threads: 3 would-migrate, 1 failed · 1 thread of other graphs skipped',
        '',
      ].join('\n'),
    });
    expect(normalizeIds((await weft('history', '--', 'A')).stdout)).toBe(before);
  });

  it('apply migrates each thread into a new head whose parent is the old one, and exits 1 for the one that failed', async () => {
    const applied = await weft('migrate', 'apply', V2, '--thread', 'A', '--thread', 'B', '--thread', 'C', '--json');
    expect(applied.code).toBe(1);
    const { threads } = JSON.parse(applied.stdout) as {
      threads: { threadId: string; outcome: string; checkpointId: string | null; error: { code: string } | null }[];
    };
    expect(threads.map((t) => [t.threadId, t.outcome, t.error?.code ?? null])).toEqual([
      ['A', 'migrated', null],
      ['B', 'failed', 'MIGRATION_FAILED'],
      ['C', 'migrated', null],
    ]);
    const history = JSON.parse((await weft('history', '--json', '--', 'A')).stdout) as {
      checkpoints: { seq: number; source: string; parentSeq: number | null; id: string }[];
    };
    expect(history.checkpoints.slice(0, 2).map((c) => [c.seq, c.source, c.parentSeq])).toEqual([
      [4, 'migrate', 3],
      [3, 'step', 2],
    ]);
    expect(history.checkpoints[0]!.id).toBe(threads[0]!.checkpointId);
    expect((await weft('history', '--', 'B')).stdout).toMatch(/^thread B · 3 checkpoints/);
    // Again: nothing left to do for A.
    expect((await weft('migrate', 'apply', V2, '--thread', 'A')).stdout.split('\n').slice(1)).toEqual([
      'thread  from  outcome    detail',
      'A       v2    unchanged  -',
      '1 thread: 1 unchanged',
      '',
    ]);
    const plan = JSON.parse((await weft('migrate', 'plan', V2, '--json')).stdout) as Plan;
    expect(plan.summary).toEqual({ checks: { current: 2, 'needs-migration': 2 }, olderVersions: { v1: 2 } });
  });

  it('the migrated thread resumes on v2 to what v1 gives the same refund', async () => {
    const migrated = await weft('resume', '--module', V2, '--value', '{"approved":true}', '--', 'A');
    const original = await weft('resume', '--value', '{"approved":true}', '--', 'D');
    expect([migrated.code, original.code]).toEqual([0, 0]);
    const last = (out: string) =>
      out
        .trimEnd()
        .split('\n')
        .at(-1)!
        .replace(/thread [AD] · seq \d+, step \d+/, 'thread · seq, step');
    expect(last(migrated.stdout)).toBe('done · thread · seq, step · output paid 10');
    expect(last(migrated.stdout)).toBe(last(original.stdout));
  });

  it('test imports each fixture, migrates and resumes it; a blocked one or one that is no fixture fails the command', async () => {
    const passed = await weft('migrate', 'test', V2, '--fixtures', 'fixtures');
    expect(passed).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'fixture          thread  version  check            result  detail',
        'a-approved.json  A       v1       needs-migration  passed  migrated (v1 -> v2), resumed: done',
        'a.json           A       v1       needs-migration  passed  migrated (v1 -> v2), resumable at its interrupts',
        '2 fixtures: 2 passed',
        '',
      ].join('\n'),
    });
    const blocked = await weft('migrate', 'test', V0, '--fixtures', 'fixtures', '--json');
    expect(blocked.code).toBe(1);
    expect((JSON.parse(blocked.stdout) as { fixtures: { outcome: string }[] }).fixtures.map((f) => f.outcome)).toEqual([
      'blocked',
      'blocked',
    ]);
    writeFileSync(
      join(cwd, 'fixtures/broken.json'),
      JSON.stringify({ kind: 'weft.thread-fixture', formatVersion: 1, threadId: 'x', entries: [{}], blobs: {}, graphs: [] }),
    );
    const broken = await weft('migrate', 'test', V2, '--fixtures', 'fixtures');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(
      'broken.json      -       -        unreadable       failed  INVALID_ARGUMENT: importThread(): entry 0 (seq 1): "id" must be a non-empty string\n',
    );
    expect(broken.stdout).toContain('3 fixtures: 2 passed, 1 failed\n');
  });

  it('weft graph --hash draws the version the store kept; an unknown hash names the versions it has', async () => {
    const drawn = await weft('graph', V2, '--hash', hashes.v1.slice(0, 8));
    expect(drawn.code).toBe(0);
    expect(drawn.stdout).toContain('n_ask["ask"]');
    expect(drawn.stdout).not.toContain('review');
    const unknown = await weft('graph', V2, '--hash', 'ffff');
    expect({ ...unknown, stderr: unknown.stderr.replace(TIME, '<time>') }).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'weft: sqlite .weft/weft.db has no version of graph "refunds" with hash "ffff"\n' +
        `hint: the versions it has, oldest first: v1 ${hashes.v1.slice(0, 8)} (<time>), v2 ${hashes.v2.slice(0, 8)} (<time>)\n`,
    });
  });

  it('refuses a command line that does not say what to do, with exit code 2', async () => {
    expect(await weft('migrate', 'apply', V2)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('weft: migrate apply needs --thread <id> (repeatable) or --all, not both\n'),
    });
    expect(await weft('migrate', 'aply', V2)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('did you mean weft migrate apply?'),
    });
    expect(await weft('migrate', 'test', V2, '--all')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('weft: migrate test does not take --all\n'),
    });
  });
});

describe('weft migrate on an agent module', () => {
  const agentCwd = realpathSync(tempDir());
  const run = (...argv: string[]) => runMain(argv, agentCwd);
  afterAll(() => rmSync(agentCwd, { recursive: true, force: true }));

  it("reads the module's versions export: run labels its threads, plan judges older ones against it", async () => {
    const [unversioned, versioned, bad] = ['unversioned-agent.ts', 'versioned-agent.ts', 'bad-versions-agent.ts'].map((f) =>
      projectModule(agentCwd, join(FIXTURES, f)),
    ) as [string, string, string];
    expect((await run('run', unversioned, '--query', 'hi', '--thread', 'old')).code).toBe(0);
    expect((await run('run', versioned, '--query', 'hi', '--thread', 'new')).code).toBe(0);
    const plan = JSON.parse((await run('migrate', 'plan', versioned, '--json')).stdout) as Plan & { graph: { version: string } };
    expect(plan.graph.version).toBe('greeter-2');
    expect(plan.threads.map((t) => [t.threadId, t.from.version, t.check])).toEqual([
      ['new', 'greeter-2', 'current'],
      ['old', undefined, 'compatible'],
    ]);
    expect(await run('migrate', 'plan', bad)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`weft: ${join(agentCwd, bad)} exports "versions", but it is not an object\n`),
    });
  });
});

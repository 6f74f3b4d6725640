/**
 * `weft worker` and `weft run --queue` / `weft resume --queue`, each in its
 * own process, through a real Redis (WEFT_REDIS_URL; start one with
 * scripts/start-redis.sh) and a shared store (PostgreSQL when WEFT_PG_URL is
 * set, else a SQLite file): a queued run prints the same events and outcome
 * as a run in the process, the printed resume command goes through the queue
 * and finishes the thread, and SIGTERM lets the worker finish its job before
 * it exits with 0. Skipped when WEFT_REDIS_URL is unset.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WeftQueue } from '@weft/bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleQuery } from '../../../docs/examples/support/support.ts';
import type { LineProcess } from '../test-support/line-process.ts';
import {
  FIXTURES,
  normalizeIds,
  projectModule,
  SUPPORT_MODULE,
  tempDir,
  weft,
  weftProcess,
  weftShell,
} from '../test-support/spawn-weft.ts';

const redis = process.env['WEFT_REDIS_URL'];
const pg = process.env['WEFT_PG_URL'];

/** The lines after the first (the header, which names the store, the queue and the job). */
const afterHeader = (stdout: string): string => normalizeIds(stdout.split('\n').slice(1).join('\n'));

describe.skipIf(!redis)('weft worker and the queue', () => {
  // Made in beforeAll: a skipped suite still runs its body, but not its hooks.
  let cwd = '';
  let store = '';
  // Queues of their own: jobs of other test runs (or of other targets) never reach these workers.
  const queue = `cli-${randomBytes(4).toString('hex')}`;
  const workers: LineProcess[] = [];
  const startWorker = async (module: string, name: string, env: Record<string, string> = {}): Promise<LineProcess> => {
    const worker = weftProcess(['worker', module, '--redis', redis!, '--store', store, '--queue-name', `${queue}-${name}`], cwd, env);
    workers.push(worker);
    await worker.waitFor((l) => l.startsWith('worker ready · '));
    return worker;
  };
  const queued = (name: string) => ['--queue', redis!, '--queue-name', `${queue}-${name}`, '--store', store];

  beforeAll(() => {
    cwd = realpathSync(tempDir());
    store = pg ? `postgres:${pg}` : `sqlite:${join(cwd, 'stores', 'shared.db')}`;
    for (const fixture of ['expense-graph.ts', 'counting-graph.ts']) projectModule(cwd, join(FIXTURES, fixture));
    projectModule(cwd, SUPPORT_MODULE);
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    rmSync(cwd, { recursive: true, force: true });
  });

  it('a graph: the same events and interrupt as a run here, and the printed resume command finishes it through the queue', async () => {
    const worker = await startWorker('expense-graph.ts', 'expense');
    const thread = `q-${randomBytes(4).toString('hex')}`;
    const args = ['run', 'expense-graph.ts', '--input', '{"who":"Ann","amount":500}', '--thread', thread];
    const local = await weft(args, cwd);
    const remote = await weft([...args, ...queued('expense')], cwd);
    expect([remote.code, remote.stderr]).toEqual([0, '']);
    expect(remote.stdout.split('\n')[0]).toMatch(
      new RegExp(`^thread ${thread} · graph expense · queue ${queue}-expense, job \\d+ · store (postgres|sqlite .*shared\\.db)$`),
    );
    // The worker's checkpoints name the module, as a run here does: the printed command reaches the same queue and store without it.
    const printed = `weft resume --value '<json>' --interrupt 'approve#0' ${queued('expense').join(' ')} -- ${thread}`;
    const localPrinted = `weft resume --value '<json>' --interrupt 'approve#0' -- ${thread}`;
    expect(afterHeader(remote.stdout)).toBe(afterHeader(local.stdout).replace(localPrinted, printed));
    expect(remote.stdout.trimEnd().split('\n').at(-1)!.trim()).toBe(printed);

    const approve = (command: string) => command.replace(`'<json>'`, `'{"approved":true}'`);
    const resumedHere = await weftShell(approve(localPrinted), cwd);
    const resumed = await weftShell(approve(printed), cwd);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.stdout.split('\n')[0]).toMatch(
      new RegExp(
        `^thread ${thread} · resuming checkpoint \\w+ \\(seq 3, step 1, interrupted\\) · queue ${queue}-expense, job \\d+ · store `,
      ),
    );
    expect(afterHeader(resumed.stdout)).toBe(afterHeader(resumedHere.stdout));
    expect(resumed.stdout.trimEnd().split('\n').at(-1)).toBe(`done · thread ${thread} · seq 6, step 3 · output paid 500 to Ann`);
    // The worker said which jobs it ran, and how they ended.
    const jobs = worker.lines.filter((l) => l.includes(`thread ${thread}`));
    expect(jobs.map((l) => l.replace(/^job \d+/, 'job'))).toEqual([
      `job · run graph · thread ${thread} · started`,
      `job · run graph · thread ${thread} · interrupted`,
      `job · resume graph · thread ${thread} · started`,
      `job · resume graph · thread ${thread} · done`,
    ]);
  });

  it('an agent system: every transfer, tool call and the approval, as a run here prints them', async () => {
    await startWorker('support.ts', 'support');
    const thread = `q-${randomBytes(4).toString('hex')}`;
    const args = ['run', 'support.ts', '--query', exampleQuery, '--session', 'company=Acme', '--thread', thread];
    const local = await weft(args, cwd);
    const remote = await weft([...args, ...queued('support')], cwd);
    expect([remote.code, remote.stderr]).toEqual([0, '']);
    const refund = 'agent:Coordinator/agent:Billing/tool:refund:billing_16_0#0';
    const localPrinted = `weft resume --value '{"approved":true}' --interrupt '${refund}' -- ${thread}`;
    const printed = `weft resume --value '{"approved":true}' --interrupt '${refund}' ${queued('support').join(' ')} -- ${thread}`;
    expect(afterHeader(remote.stdout)).toBe(afterHeader(local.stdout).replace(localPrinted, printed));
    const resumedHere = await weftShell(localPrinted, cwd);
    const resumed = await weftShell(printed, cwd);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(afterHeader(resumed.stdout)).toBe(afterHeader(resumedHere.stdout));
  });

  it('an agent’s jobs start with the module’s sessionValues; the values a sender gives override them', async () => {
    // The instruction needs {company}: the module declares it, as a person's module would.
    const agent = join(FIXTURES, 'instruction-agent.ts');
    writeFileSync(
      join(cwd, 'greeter.ts'),
      `export { agent } from ${JSON.stringify(agent)};\nexport const sessionValues = { company: 'Acme' };\n`,
    );
    await startWorker('greeter.ts', 'greeter');
    // An application's WeftQueue sends no session values unless told to (weft run --queue sends the module's itself).
    const url = new URL(redis!);
    const app = new WeftQueue({ queue: `${queue}-greeter`, connection: { host: url.hostname, port: Number(url.port || 6379) } });
    try {
      const plain = await (await app.run('agent', 'hi')).result();
      expect(plain).toMatchObject({
        status: 'done',
        finalOutput: 'Hello! (You greet the customers of Acme.)',
        sessionValues: { company: 'Acme' },
      });
      const sent = await (await app.run('agent', 'hi', { sessionValues: { company: 'Globex' } })).result();
      expect(sent).toMatchObject({
        status: 'done',
        finalOutput: 'Hello! (You greet the customers of Globex.)',
        sessionValues: { company: 'Globex' },
      });
    } finally {
      await app.close();
    }
  });

  it('SIGTERM: the worker finishes the job it runs, then exits with 0', async () => {
    const counts = join(cwd, 'counts.txt');
    writeFileSync(counts, '');
    // Node c of the counting graph waits for a line on the worker's stdin: the job is active when SIGTERM comes.
    const worker = await startWorker('counting-graph.ts', 'counting', { WEFT_TEST_COUNT_FILE: counts, WEFT_TEST_BLOCK_IN: 'c' });
    const thread = `q-${randomBytes(4).toString('hex')}`;
    const run = weftProcess(['run', 'counting-graph.ts', '--query', '', '--thread', thread, '--json', ...queued('counting')], cwd);
    await run.waitFor((l) => l.includes('"type":"node.custom"') && l.includes('"entered":"c"'));
    worker.child.kill('SIGTERM');
    await worker.waitFor((l) => l === 'SIGTERM: finishing the active jobs (SIGTERM again quits at once)');
    worker.send('go');
    expect(await worker.exited).toBe(0);
    expect(worker.lines.slice(-2)).toEqual([
      expect.stringMatching(new RegExp(`^job \\d+ · run graph · thread ${thread} · done$`)),
      'worker closed',
    ]);
    expect(await run.exited).toBe(0);
    const result = (JSON.parse(run.lines.at(-1)!) as { result: { status: string; output: unknown; seq: number; step: number } }).result;
    expect(result).toMatchObject({ status: 'done', output: 'abcd', seq: 5, step: 4 });
    // Every node ran once: the job was not cut short and run again elsewhere.
    expect(readFileSync(counts, 'utf8')).toBe('a\nb\nc\nd\n');
  });
});

/**
 * What `weft worker` takes beside its flags for jobs, each seen in what the
 * workers do, through a real Redis (WEFT_REDIS_URL) and a shared store
 * (PostgreSQL when WEFT_PG_URL is set, else a SQLite file): WEFT_SIGNING_KEY
 * (a task result from a worker without it is refused), and
 * --sweep-interval-ms (a thread whose worker died and whose job is gone is
 * continued by another worker's sweeper). Skipped when WEFT_REDIS_URL is unset.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WeftQueue } from '@weft/bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LineProcess } from '../test-support/line-process.ts';
import { FIXTURES, projectModule, tempDir, weft, weftProcess, weftShell } from '../test-support/spawn-weft.ts';

const redis = process.env['WEFT_REDIS_URL'];
const pg = process.env['WEFT_PG_URL'];
const KEY = randomBytes(32).toString('base64');

describe.skipIf(!redis)('weft worker: WEFT_SIGNING_KEY and --sweep-interval-ms', () => {
  // Made in beforeAll: a skipped suite still runs its body, but not its hooks.
  let cwd = '';
  let store = '';
  const queue = `cli-${randomBytes(4).toString('hex')}`;
  const workers: LineProcess[] = [];
  const queueArgs = (name: string) => ['--queue', redis!, '--queue-name', `${queue}-${name}`, '--store', store];
  /** A worker process and its ready line, once it takes jobs. */
  const startWorker = async (module: string, name: string, env: Record<string, string>, flags: string[] = []) => {
    const worker = weftProcess(
      ['worker', module, '--redis', redis!, '--store', store, '--queue-name', `${queue}-${name}`, ...flags],
      cwd,
      env,
    );
    workers.push(worker);
    return { worker, ready: await worker.waitFor((l) => l.startsWith('worker ready · ')) };
  };
  const taskLine = (l: string) => /^task \S+ · pid \d+$/.test(l);

  beforeAll(() => {
    cwd = realpathSync(tempDir());
    store = pg ? `postgres:${pg}` : `sqlite:${join(cwd, 'stores', 'shared.db')}`;
    // A project of ES modules, as `weft init` makes one.
    writeFileSync(join(cwd, 'package.json'), '{ "type": "module" }\n');
    for (const fixture of ['distributed-graph.ts', 'counting-graph.ts']) projectModule(cwd, join(FIXTURES, fixture));
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    rmSync(cwd, { recursive: true, force: true });
  });

  it('WEFT_SIGNING_KEY: a task result from a worker without the key is refused; once the workers share it, the printed resume finishes the thread', async () => {
    // This worker takes the run; its one task slot holds the first task it takes until it gets a line on stdin.
    const { worker: keyed, ready } = await startWorker('distributed-graph.ts', 'signed', { WEFT_SIGNING_KEY: KEY, WEFT_TEST_HOLD: '1' });
    expect(ready).toMatch(/ · concurrency 1 · signed tasks · pid \d+$/);
    const thread = `s-${randomBytes(4).toString('hex')}`;
    const run = weft(['run', 'distributed-graph.ts', '--input', '["a","b"]', '--thread', thread, ...queueArgs('signed')], cwd);
    await keyed.waitFor(taskLine);
    // A worker started without the key takes the other task, and hands back a result it did not sign.
    const { worker: keyless, ready: keylessReady } = await startWorker('distributed-graph.ts', 'signed', {});
    expect(keylessReady).toMatch(/ · concurrency 1 · pid \d+$/);
    await keyless.waitFor(taskLine);
    keyed.send('go');
    const refused = await run;
    const resume = `weft resume ${queueArgs('signed').join(' ')} -- ${thread}`;
    expect([refused.code, refused.stderr.split('\n')]).toEqual([
      1,
      [
        expect.stringMatching(
          /^weft: the run failed: QUEUE_SIGNATURE_INVALID: the result of task job \S+ is not signed: refused\. Every worker of the queue must have the same signingKey; otherwise something else writes to the queue's Redis keys$/,
        ),
        "hint: start every worker of the queue with the same WEFT_SIGNING_KEY: a worker with another key, or none, made what was refused, or something else wrote it into the queue's Redis (it was not applied); " +
          `then continue from the last checkpoint: ${resume}`,
        '',
      ],
    ]);
    keyless.child.kill('SIGTERM');
    expect(await keyless.exited).toBe(0);

    // Only workers with the key are left: the step runs again, every task signed and checked.
    const resumed = await weftShell(resume, cwd);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.stdout.trimEnd().split('\n').at(-1)).toMatch(
      new RegExp(`^done · thread ${thread} · seq \\d+, step \\d+ · output \\["A","B"\\]$`),
    );
  });

  it('--sweep-interval-ms: a thread whose worker was killed and whose job is gone is continued by another worker’s sweeper', async () => {
    const counts = join(cwd, 'sweep-counts.txt');
    writeFileSync(counts, '');
    const env = { WEFT_TEST_COUNT_FILE: counts, WEFT_LEASE_TTL_MS: '3000' };
    // Node c waits for a line on this worker's stdin: the worker dies inside it.
    const { worker: first } = await startWorker('counting-graph.ts', 'sweep', { ...env, WEFT_TEST_BLOCK_IN: 'c' }, [
      '--sweep-interval-ms',
      '0',
    ]);
    const thread = `w-${randomBytes(4).toString('hex')}`;
    const run = weftProcess(['run', 'counting-graph.ts', '--query', '', '--thread', thread, '--json', ...queueArgs('sweep')], cwd);
    await run.waitFor((l) => l.includes('"type":"node.custom"') && l.includes('"entered":"c"'));
    run.child.kill('SIGINT');
    await run.exited;
    first.child.kill('SIGKILL');
    await first.exited;
    // The job goes with the queue's data: nothing in Redis would ever hand the thread to a worker again.
    const url = new URL(redis!);
    const bull = new WeftQueue({ queue: `${queue}-sweep`, connection: { host: url.hostname, port: Number(url.port || 6379) } });
    await bull.bull.obliterate({ force: true });
    await bull.close();

    const { worker: second } = await startWorker('counting-graph.ts', 'sweep', env, ['--sweep-interval-ms', '200']);
    const done = await second.waitFor((l) => l.endsWith(` · thread ${thread} · done`));
    expect(done).toMatch(new RegExp(`^job \\S+ · resume graph · thread ${thread} · done$`));
    // The step the kill cut short ran again; the finished ones did not.
    expect(readFileSync(counts, 'utf8')).toBe('a\nb\nc\nc\nd\n');
    const history = await weft(['history', '--store', store, '--json', '--', thread], cwd);
    expect(JSON.parse(history.stdout).checkpoints[0]).toMatchObject({ status: 'done' });
    // With the default interval (60 s, give or take a quarter) the first sweep would come after this test's time is up.
  }, 45_000);

  it('refuses a WEFT_SIGNING_KEY shorter than 32 bytes and a --sweep-interval-ms that is not a whole number (exit code 2)', async () => {
    const args = ['worker', 'counting-graph.ts', '--redis', 'redis://127.0.0.1:1', '--store', `sqlite:${join(cwd, 's.db')}`];
    const short = await weft(args, cwd, { WEFT_SIGNING_KEY: 'secret' });
    expect([short.code, short.stdout, short.stderr]).toEqual([
      2,
      '',
      'weft: WEFT_SIGNING_KEY is 6 bytes long: a signing key needs at least 32 bytes\n' +
        'hint: set it to the same random secret on every worker of the queue, e.g. WEFT_SIGNING_KEY="$(openssl rand -base64 32)"; or unset it to run without signed tasks\n',
    ]);
    expect((await weft(args, cwd, { WEFT_SIGNING_KEY: '' })).stderr.split('\n')[0]).toBe(
      'weft: WEFT_SIGNING_KEY is empty: a signing key needs at least 32 bytes',
    );
    const interval = await weft([...args, '--sweep-interval-ms', '1m'], cwd);
    expect([interval.code, interval.stderr]).toEqual([
      2,
      'weft: worker: --sweep-interval-ms "1m" is not a number of milliseconds\nhint: give a whole number from 0, e.g. --sweep-interval-ms 60000\n',
    ]);
  });
});

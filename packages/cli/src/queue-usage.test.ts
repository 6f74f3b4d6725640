/**
 * The queue commands' wrong command lines, found before anything connects to
 * Redis or loads @weft/bullmq: exit code 2, one `weft:` line and a hint that
 * says what to give. No Redis is needed.
 */
import { realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../test-support/run-main.ts';
import { CliError } from './errors.ts';
import { loadBullmq } from './load-bullmq.ts';
import { FIXTURES, projectModule, tempDir } from '../test-support/spawn-weft.ts';

const REDIS = 'redis://127.0.0.1:1';
const SHARE_HINT =
  'name a store every worker and submitter opens: --store postgres:<url> (processes on many machines) or --store sqlite:<file> (processes on one machine), or set WEFT_STORE';

describe('queue commands: usage errors', () => {
  const cwd = realpathSync(tempDir());
  const EXPENSE = projectModule(cwd, join(FIXTURES, 'expense-graph.ts'));
  const INPUT = ['--input', '{"who":"Ann","amount":5}'];
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));
  const failure = (message: string, hint: string) => ({ code: 2, stdout: '', stderr: `weft: ${message}\nhint: ${hint}\n` });

  it('weft worker without --redis', async () => {
    expect(await runMain(['worker', EXPENSE, '--store', 'sqlite:shared.db'], cwd)).toEqual(
      failure(
        'worker needs --redis <url>: the Redis server its jobs come from',
        'e.g. weft worker <module> --redis redis://127.0.0.1:6379 --store postgres:<url>',
      ),
    );
  });

  it('weft worker with a store its processes cannot share, or none named', async () => {
    expect(await runMain(['worker', EXPENSE, '--redis', REDIS, '--store', 'memory'], cwd)).toEqual(
      failure('worker: the store "memory" lives inside one process, and a queued job runs in another', SHARE_HINT),
    );
    expect(await runMain(['worker', EXPENSE, '--redis', REDIS, '--store', 'sqlite::memory:'], cwd)).toEqual(
      failure('worker: the store "sqlite::memory:" lives inside one process, and a queued job runs in another', SHARE_HINT),
    );
    // The default SQLite file of the working folder would differ from one worker's folder to the next.
    expect(await runMain(['worker', EXPENSE, '--redis', REDIS], cwd)).toEqual(
      failure('worker needs --store: the workers and the submitters of a queue share one store', SHARE_HINT),
    );
    expect(await runMain(['worker', EXPENSE, '--redis', REDIS], cwd, { WEFT_STORE: 'memory' })).toEqual(
      failure('worker: the store "memory" lives inside one process, and a queued job runs in another', SHARE_HINT),
    );
  });

  it('a Redis URL, a queue name or a concurrency that is wrong', async () => {
    const redisHint = 'give a Redis URL: redis://[user:password@]host[:port][/db], e.g. redis://127.0.0.1:6379';
    expect(await runMain(['worker', EXPENSE, '--redis', 'http://127.0.0.1:6379', '--store', 'sqlite:s.db'], cwd)).toEqual(
      failure('--redis "http://127.0.0.1:6379" is not a redis:// or rediss:// URL', redisHint),
    );
    expect(await runMain(['worker', EXPENSE, '--redis', '127.0.0.1:6379', '--store', 'sqlite:s.db'], cwd)).toEqual(
      failure('--redis "127.0.0.1:6379" is not a redis:// or rediss:// URL', redisHint),
    );
    expect(await runMain(['run', EXPENSE, ...INPUT, '--queue', 'redis://h/x', '--store', 'sqlite:s.db'], cwd)).toEqual(
      failure('--queue "redis://h/x" names the database "x", which is not a number', redisHint),
    );
    expect(await runMain(['worker', EXPENSE, '--redis', REDIS, '--queue-name', 'a:b', '--store', 'sqlite:s.db'], cwd)).toEqual(
      failure('--queue-name "a:b" is not a queue name', 'name it with letters, digits, - and _ (no ":"), e.g. --queue-name support'),
    );
    expect(await runMain(['worker', EXPENSE, '--redis', REDIS, '--concurrency', '0', '--store', 'sqlite:s.db'], cwd)).toEqual(
      failure('worker: --concurrency "0" is not a number of jobs', 'give a whole number from 1, e.g. --concurrency 4'),
    );
  });

  it('weft run --queue: a store the workers cannot share, options only a run here has, --queue-name alone', async () => {
    expect(await runMain(['run', EXPENSE, ...INPUT, '--queue', REDIS, '--store', 'memory'], cwd)).toEqual(
      failure('run --queue: the store "memory" lives inside one process, and a queued job runs in another', SHARE_HINT),
    );
    expect(await runMain(['run', EXPENSE, ...INPUT, '--queue', REDIS], cwd)).toEqual(
      failure('run --queue needs --store: the workers and the submitters of a queue share one store', SHARE_HINT),
    );
    expect(await runMain(['run', EXPENSE, ...INPUT, '--queue', REDIS, '--store', 'sqlite:s.db', '--record', 'r.jsonl'], cwd)).toEqual(
      failure(
        'run: --record is for runs in this process, not with --queue',
        'leave out --record (a worker runs the job), or leave out --queue to run here',
      ),
    );
    expect(
      await runMain(['run', EXPENSE, ...INPUT, '--queue', REDIS, '--thread', 't', '--take-over', '--store', 'sqlite:s.db'], cwd),
    ).toEqual(
      failure(
        'run: --take-over is for runs in this process, not with --queue',
        'a worker takes the thread itself; one holding it that died releases it when its lease expires',
      ),
    );
    expect(await runMain(['run', EXPENSE, ...INPUT, '--queue-name', 'support'], cwd)).toEqual(
      failure('run: --queue-name needs --queue', 'add --queue <redis url>'),
    );
  });

  it('weft resume --queue: the same checks', async () => {
    expect(await runMain(['resume', '--queue', REDIS, '--store', 'sqlite::memory:', '--', 't1'], cwd)).toEqual(
      failure('resume --queue: the store "sqlite::memory:" lives inside one process, and a queued job runs in another', SHARE_HINT),
    );
    expect(await runMain(['resume', '--queue', REDIS, '--stream', '--store', 'sqlite:s.db', '--', 't1'], cwd)).toEqual(
      failure(
        'resume: --stream is for runs in this process, not with --queue',
        'leave out --stream (a worker runs the job), or leave out --queue to run here',
      ),
    );
    expect(await runMain(['resume', '--queue-name', 'support', '--', 't1'], cwd)).toEqual(
      failure('resume: --queue-name needs --queue', 'add --queue <redis url>'),
    );
  });

  it('a Redis that does not answer: run --queue and resume --queue say so instead of waiting', async () => {
    const refused = { code: 1, stdout: '' };
    const hint = 'hint: is Redis running there, and is the URL of --queue right?\n';
    expect(await runMain(['run', EXPENSE, ...INPUT, '--queue', REDIS, '--store', 'sqlite:s.db'], cwd)).toEqual({
      ...refused,
      stderr: `weft: cannot reach the queue's Redis (redis 127.0.0.1:1): connect ECONNREFUSED 127.0.0.1:1\n${hint}`,
    });
  });

  it('@weft/bullmq not installed: QUEUE_UNAVAILABLE, exit code 2, and the command that installs it', async () => {
    const err = await loadBullmq('@weft/not-installed').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect(err).toMatchObject({
      code: 'QUEUE_UNAVAILABLE',
      exitCode: 2,
      message: 'the queue needs @weft/not-installed, which is not installed',
      hint: 'install @weft/not-installed beside @weft/cli: npm install @weft/not-installed',
    });
  });

  it('weft worker --help', async () => {
    const help = await runMain(['worker', '--help'], cwd);
    expect(help.code).toBe(0);
    expect(help.stdout.split('\n')[0]).toBe('usage: weft worker <module> --redis <url> --store <spec> [options]');
  });
});

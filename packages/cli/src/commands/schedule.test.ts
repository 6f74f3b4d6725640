/**
 * `weft schedule add|list|remove` on a real Redis (WEFT_REDIS_URL), each
 * command's whole output asserted; the schedules are read back through
 * @weft/bullmq's WeftQueue. Skipped when WEFT_REDIS_URL is unset.
 */
import { randomBytes } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { WeftQueue } from '@weft/bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../../test-support/run-main.ts';
import { tempDir } from '../../test-support/spawn-weft.ts';

const redis = process.env['WEFT_REDIS_URL'];

describe.skipIf(!redis)('weft schedule', () => {
  const cwd = realpathSync(tempDir());
  const name = `cli-schedule-${randomBytes(4).toString('hex')}`;
  const at = ['--redis', redis!, '--queue-name', name];
  const queue = () => new WeftQueue({ queue: name, connection: { host: new URL(redis!).hostname, port: Number(new URL(redis!).port) } });
  afterAll(async () => {
    const q = queue();
    await q.bull.obliterate({ force: true });
    await q.close();
    rmSync(cwd, { recursive: true, force: true });
  });
  const nextOf = async (id: string) => {
    const q = queue();
    try {
      return new Date((await q.schedules()).find((s) => s.id === id)!.next!).toISOString();
    } finally {
      await q.close();
    }
  };

  it('adds, lists and removes schedules, printing each whole', async () => {
    expect(await runMain(['schedule', 'list', ...at], cwd)).toEqual({ code: 0, stdout: `no schedules on queue ${name}\n`, stderr: '' });
    const nightly = await runMain(
      [
        'schedule',
        'add',
        'nightly',
        ...at,
        '--target',
        'graph',
        '--cron',
        '0 6 * * *',
        '--timezone',
        'Europe/Paris',
        '--input',
        '{"topic":"news"}',
      ],
      cwd,
    );
    const nightlyLine = `schedule nightly · target graph · cron 0 6 * * * (Europe/Paris) · new thread per tick · next ${await nextOf('nightly')} · no run yet · 0 skipped`;
    expect(nightly).toEqual({ code: 0, stdout: `added ${nightlyLine}\n`, stderr: '' });
    const poll = await runMain(
      ['schedule', 'add', 'poll', ...at, '--target', 'agent', '--every-ms', '3600000', '--thread', 'inbox', '--overlap', 'enqueue'],
      cwd,
    );
    const pollLine = `schedule poll · target agent · every 3600000 ms · thread inbox · overlap enqueue · next ${await nextOf('poll')} · no run yet · 0 skipped`;
    expect(poll).toEqual({ code: 0, stdout: `added ${pollLine}\n`, stderr: '' });
    expect(await runMain(['schedule', 'list', ...at], cwd)).toEqual({ code: 0, stdout: `${nightlyLine}\n${pollLine}\n`, stderr: '' });
    expect(await runMain(['schedule', 'remove', 'nightly', ...at], cwd)).toEqual({
      code: 0,
      stdout: 'removed schedule nightly\n',
      stderr: '',
    });
    expect(await runMain(['schedule', 'remove', 'nightly', ...at], cwd)).toEqual({
      code: 1,
      stdout: '',
      stderr: `weft: no schedule "nightly" on queue ${name}\n`,
    });
    expect(await runMain(['schedule', 'list', ...at], cwd)).toEqual({ code: 0, stdout: `${pollLine}\n`, stderr: '' });
  });

  it('refuses a bad schedule before storing it, and wrong command lines with a hint', async () => {
    const bad = await runMain(['schedule', 'add', 'x', ...at, '--target', 'graph', '--cron', 'at six'], cwd);
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'weft: schedule add x: cron must be a cron pattern such as "0 9 * * 1-5", got "at six" (Invalid characters, got value: at)\n' +
        'hint: nothing was stored; weft schedule --help shows the flags\n',
    });
    expect(await runMain(['schedule', 'add', 'x', ...at, '--target', 'graph'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: schedule add needs one of --cron <pattern> and --every-ms <ms>\nhint: e.g. --cron "0 6 * * *" or --every-ms 60000\n',
    });
    expect(await runMain(['schedule', 'add', 'x', ...at, '--target', 'graph', '--every-ms', '0'], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: schedule: --every-ms "0" is not a number of milliseconds\nhint: give a whole number from 1, e.g. --every-ms 60000\n',
    });
    expect(await runMain(['schedule', 'pause', ...at], cwd)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'weft: schedule "pause" is not add, list or remove\nhint: weft schedule --help shows how to call it\n',
    });
    const q = queue();
    expect((await q.schedules()).map((s) => s.id)).toEqual(['poll']);
    await q.close();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueFixture } from '../test-support/queue-fixture.ts';

describe('schedule times on a fake clock', () => {
  let fx: ReturnType<typeof queueFixture>;
  beforeEach(() => {
    fx = queueFixture('schedule-clock');
    // Only Date: timers stay real, so Redis round trips still work.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await fx.dispose();
  });

  it('a cron schedule’s next tick is read in its time zone, across a daylight saving change', async () => {
    const queue = fx.queue({ targets: ['report'] });
    // Saturday 28 March 2026, 12:00 UTC; Paris moves to summer time (UTC+2) at 02:00 on Sunday 29 March.
    vi.setSystemTime(new Date('2026-03-28T12:00:00Z'));
    await queue.schedule('morning', { target: 'report', cron: '0 9 * * *', timezone: 'Europe/Paris', input: 'sales' });
    await queue.schedule('evening', { target: 'report', cron: '0 18 * * *', timezone: 'Europe/Paris', input: 'sales' });
    const next = Object.fromEntries((await queue.schedules()).map((s) => [s.id, new Date(s.next!).toISOString()]));
    // 09:00 in Paris on Sunday is 07:00 UTC (summer time); 18:00 on Saturday is 17:00 UTC (winter time, still).
    expect(next).toEqual({ morning: '2026-03-29T07:00:00.000Z', evening: '2026-03-28T17:00:00.000Z' });
  });

  it('an everyMs schedule is due at once, then each period after the clock it was added on', async () => {
    const queue = fx.queue({ targets: ['report'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    await queue.schedule('poll', { target: 'report', everyMs: 60_000, input: 'inbox' });
    const [poll] = await queue.schedules();
    expect(poll!.next! - Date.parse('2026-11-28T10:00:00Z')).toBeLessThanOrEqual(60_000);
    expect(poll!.next! % 60_000).toBe(0);
  });
});

import type { Hono } from 'hono';
import { StudioError } from '../errors.ts';
import type { StudioQueue } from '../runs/queue-runner.ts';
import type { SchedulesResponse } from './schedules-schema.ts';

/**
 * GET /api/schedules: the schedules of the queue the studio runs on
 * (createStudio's `queue`, `weft serve --queue`), as `queue.schedules()`
 * lists them: each one's target, when it ticks, its thread, its next tick,
 * its latest runs and skipped ticks. A studio that runs in its own process
 * has no queue to read: 400 NOT_SUPPORTED.
 */
export function schedulesRoute(app: Hono, queue: StudioQueue | undefined): void {
  app.get('/api/schedules', async (c) => {
    if (!queue?.schedules)
      throw new StudioError(
        'NOT_SUPPORTED',
        'this studio runs in its own process: serve it with --queue (createStudio({ queue })) to list the queue’s schedules',
      );
    return c.json({ schedules: await queue.schedules() } satisfies SchedulesResponse);
  });
}

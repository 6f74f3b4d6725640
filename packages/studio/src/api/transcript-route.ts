import type { Hono } from 'hono';
import { WeftError } from '@weft/graph';
import { threadTranscript } from '../threads/thread-transcript.ts';
import type { StudioDeps } from './studio-deps.ts';
import { threadIdOf } from './thread-id.ts';
import type { TranscriptResponse } from './transcript-schema.ts';

/**
 * GET /api/threads/:id/transcript: the thread's conversation, every run of
 * it, read from its checkpoints (see threadTranscript), and where its live
 * events take over (`after`): a page shows it, then the stream's newer events.
 */
export function transcriptRoute(app: Hono, deps: StudioDeps): void {
  app.get('/api/threads/:id/transcript', async (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    if (!(await deps.store.get(threadId)))
      throw new WeftError('THREAD_NOT_FOUND', `thread "${threadId}" has no checkpoints`, { details: { threadId } });
    const source = {
      kind: deps.kind,
      graph: deps.graph,
      store: deps.store,
      eventAfter: (id: string, checkpointId: string) => deps.channels.eventAfter(id, checkpointId),
      // The parts' bytes are kept again for the thread: a reopened thread's images load as a live run's do.
      safe: (value: unknown) => deps.channels.safe(threadId, value),
    };
    return c.json((await threadTranscript(source, threadId)) satisfies TranscriptResponse);
  });
}

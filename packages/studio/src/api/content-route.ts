import type { Hono } from 'hono';
import type { ContentStore } from '../content/content-store.ts';
import { servedType } from '../content/served-type.ts';
import { StudioError } from '../errors.ts';
import { threadIdOf } from './thread-id.ts';

/**
 * GET /api/threads/:id/content/:sha256: the bytes of an image, file or audio
 * part the thread's events or transcript said by hash (see ContentStore).
 * A raster image is served as itself, inline; anything else as
 * `application/octet-stream`, an attachment (see servedType); never sniffed,
 * and sandboxed when opened on its own.
 */
export function contentRoute(app: Hono, content: ContentStore): void {
  app.get('/api/threads/:id/content/:sha256', (c) => {
    const threadId = threadIdOf(c.req.param('id'), false);
    const sha256 = c.req.param('sha256');
    if (!/^[0-9a-f]{64}$/.test(sha256))
      throw new StudioError('BAD_REQUEST', `path: "${sha256}" is not a sha-256: ask with the 64 lowercase hex digits an event gave`);
    const kept = content.get(threadId, sha256);
    const served = servedType(kept.mediaType);
    const body = kept.bytes.buffer.slice(kept.bytes.byteOffset, kept.bytes.byteOffset + kept.bytes.byteLength) as ArrayBuffer;
    return c.body(body, 200, {
      'Content-Type': served.contentType,
      'Content-Length': String(kept.bytes.byteLength),
      'Content-Disposition': `${served.disposition}; filename="${fileName(kept.name, sha256)}"`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      // The bytes at a hash never change; the answer is the thread reader's own.
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });
}

/** A file name the header can carry: the part's name in printable ASCII without quotes, else the hash's start. */
function fileName(name: string | undefined, sha256: string): string {
  const safe = (name ?? '').replace(/[^\x20-\x7e]|["\\]/g, '_').trim();
  return safe || `${sha256.slice(0, 12)}.bin`;
}

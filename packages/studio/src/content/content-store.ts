import { createHash } from 'node:crypto';
import { jsonSafe } from '../events/json-safe.ts';
import { StudioError } from '../errors.ts';

/** Bytes the studio sent a page a hash of, as the content route serves them. */
export interface KeptContent {
  bytes: Uint8Array;
  /** The part's media type (`image/png`); `application/octet-stream` when it gave none. */
  mediaType: string;
  /** A file part's name. */
  name: string | undefined;
  sha256: string;
}

interface Entry extends KeptContent {
  /** The threads whose events or transcript carried the bytes: only they may read them. */
  threads: Set<string>;
}

/**
 * The bytes of the content parts (images, files, audio) the studio's events
 * and transcripts carried, by sha-256, for GET
 * /api/threads/:id/content/:sha256: the events say `{ bytes: n, sha256 }`
 * instead of carrying the bytes, and the page asks for them when it shows
 * the part.
 *
 * Why in memory and bounded: the live events of a run are not in any store
 * until its checkpoint is written, and a reopened thread's transcript (read
 * from its checkpoints) passes its parts through here again, so what a page
 * can show is always what it was just sent. Past `maxBytes` the least
 * recently sent or read go first; a part larger than `maxBytes` is never
 * kept. Asking for bytes not kept (or kept for another thread) is
 * CONTENT_NOT_FOUND, and reopening the thread keeps them again.
 */
export class ContentStore {
  /** In the order they were last sent or read (a Map iterates in insertion order): the first is the next to go. */
  readonly #entries = new Map<string, Entry>();
  /** Each array's hash, so that a value carried by several events of a run is hashed once (state is immutable). */
  readonly #hashes = new WeakMap<ArrayBufferView, string>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  /** A value as an event of `threadId` carries it (see jsonSafe), its parts' bytes kept for the thread. */
  safe(threadId: string, value: unknown): unknown {
    return jsonSafe(value, (data, part) => this.#keep(threadId, data, part));
  }

  /** The bytes the thread was sent with this hash: CONTENT_NOT_FOUND when none were, or they are no longer kept. */
  get(threadId: string, sha256: string): KeptContent {
    const entry = this.#entries.get(sha256);
    if (!entry?.threads.has(threadId)) throw notFound(threadId, sha256, this.maxBytes);
    this.#touch(entry);
    return entry;
  }

  /** Bytes kept now (for tests and the bound). */
  get size(): number {
    return this.#bytes;
  }

  #keep(threadId: string, data: ArrayBufferView, part: Readonly<Record<string, unknown>>): string {
    const view = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    let sha256 = this.#hashes.get(data);
    if (sha256 === undefined) this.#hashes.set(data, (sha256 = createHash('sha256').update(view).digest('hex')));
    if (view.byteLength > this.maxBytes) return sha256;
    const mediaType = typeof part['mediaType'] === 'string' && part['mediaType'] ? part['mediaType'] : 'application/octet-stream';
    const name = typeof part['name'] === 'string' ? part['name'] : undefined;
    const known = this.#entries.get(sha256);
    if (known) {
      known.threads.add(threadId);
      Object.assign(known, { mediaType, name: name ?? known.name });
      this.#touch(known);
      return sha256;
    }
    // A copy: a decoded checkpoint's arrays are views into the whole record, which keeping them would keep.
    this.#entries.set(sha256, { bytes: view.slice(), mediaType, name, sha256, threads: new Set([threadId]) });
    this.#bytes += view.byteLength;
    for (const [key, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(key);
      this.#bytes -= old.bytes.byteLength;
    }
    return sha256;
  }

  #touch(entry: Entry): void {
    this.#entries.delete(entry.sha256);
    this.#entries.set(entry.sha256, entry);
  }
}

function notFound(threadId: string, sha256: string, maxBytes: number): StudioError {
  return new StudioError(
    'CONTENT_NOT_FOUND',
    `thread "${threadId}" has no content with sha-256 ${sha256} that this studio still keeps ` +
      `(it keeps the last ${maxBytes.toLocaleString('en-US')} bytes of content it sent, maxContentBytes): reopen the thread to see it again`,
    { details: { threadId, sha256, maxContentBytes: maxBytes } },
  );
}

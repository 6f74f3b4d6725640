import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { MemoryBankOptions } from '@weft/memory';
import { embedChecked } from '@weft/memory';
import { blobVector, vectorBlob } from './vector-blob.ts';

/** An embedder, as @weft/memory's banks take it (the contract of @weft/chat-model). */
type Embedder = NonNullable<MemoryBankOptions['embedder']>;

/** A text's vector and the sha-256 it is cached under; `fresh` when the embedder was called for it (save it with the item). */
export interface Embedded {
  hash: string;
  vector: number[];
  fresh: boolean;
}

/**
 * Vectors by embedder name and sha-256 of the text, in the bank's database:
 * a text stored or asked again, by this process or another, or after a
 * restart, costs no embedder call. New vectors are saved in the put's own
 * transaction; sweep() drops those no item's text has any more.
 */
export class EmbeddingCache {
  readonly #find: Database.Statement<[string, string], { vector: Buffer }>;
  readonly #save: Database.Statement<[string, string, Buffer]>;

  constructor(db: Database.Database, table: string) {
    this.#find = db.prepare(`SELECT vector FROM ${table} WHERE embedder = ? AND hash = ?`);
    this.#save = db.prepare(`INSERT OR REPLACE INTO ${table} (embedder, hash, vector) VALUES (?, ?, ?)`);
  }

  /** The text's vector: from the cache when it has one of the embedder's length, else from the embedder (checked by embedChecked). */
  async embed(embedder: Embedder, text: string, signal: AbortSignal | undefined): Promise<Embedded> {
    const hash = hashOf(text);
    const row = this.#find.get(embedder.name, hash);
    if (
      row !== undefined &&
      row.vector.byteLength > 0 &&
      (embedder.dimensions === undefined || row.vector.byteLength === embedder.dimensions * 4)
    )
      return { hash, vector: blobVector(row.vector), fresh: false };
    const [vector] = await embedChecked(embedder, [text], signal);
    return { hash, vector: vector!, fresh: true };
  }

  /** Keeps a fresh vector; run inside the write's transaction. */
  save(embedder: Embedder, embedded: Embedded): void {
    if (embedded.fresh) this.#save.run(embedder.name, embedded.hash, vectorBlob(embedded.vector));
  }
}

/** The sha-256 of a text, as hex: what the cache and the items table's text_hash hold. */
export function hashOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

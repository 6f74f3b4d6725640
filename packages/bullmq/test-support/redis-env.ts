import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '@weft/store-sqlite';

/** The Redis the global setup made sure of (scripts/start-redis.sh), as BullMQ connection options. */
export function redisConnection(): { host: string; port: number; maxRetriesPerRequest: null } {
  const url = new URL(process.env['WEFT_REDIS_URL'] ?? 'redis://127.0.0.1:56379');
  return { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
}

/** A queue name no other test (or earlier run) uses. */
export const uniqueQueue = (name: string): string => `${name}-${randomUUID().slice(0, 8)}`;

/** A SQLite file store in a fresh folder: every store opened on `path` shares its checkpoints and leases, as workers' stores do. */
export function sqliteFile(): { path: string; open: (leaseTtlMs?: number) => SqliteStore; remove: () => Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'weft-bullmq-'));
  const path = join(dir, 'weft.db');
  const opened: SqliteStore[] = [];
  return {
    path,
    open: (leaseTtlMs) => {
      const store = new SqliteStore({ path, ...(leaseTtlMs ? { leaseTtlMs } : {}) });
      opened.push(store);
      return store;
    },
    remove: async () => {
      await Promise.all(opened.map((s) => s.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryBank, hashEmbedder, type MemoryBank } from '@weft/memory';
import { PostgresMemoryBank } from '@weft/store-postgres';
import { SqliteMemoryBank } from '@weft/store-sqlite';

/** The banks `pnpm bench:memory` can measure. */
export const BANK_IDS = ['memory', 'sqlite-vec', 'sqlite-scan', 'postgres'] as const;
export type BankId = (typeof BANK_IDS)[number];

/**
 * A bank under test: `bank` embeds with hashEmbedder (256 dimensions);
 * `plain` has no embedder and, for the SQL banks, is a second bank on the
 * same tables (so it sees the filled items). InMemoryBank cannot share its
 * items, so its `plain` is a bank of its own that `fillPlain` says to fill.
 */
export interface BenchBank {
  bank: MemoryBank;
  plain: MemoryBank;
  fillPlain: boolean;
  close(): Promise<void>;
}

let schemas = 0;

/** Opens a fresh, empty bank of kind `id` (a new file, a new PostgreSQL schema); `close()` removes it again. */
export function openBenchBank(id: BankId, pgUrl: string | undefined): BenchBank {
  const embedder = hashEmbedder({ dimensions: 256 });
  switch (id) {
    case 'memory':
      return { bank: new InMemoryBank({ embedder }), plain: new InMemoryBank(), fillPlain: true, close: async () => {} };
    case 'sqlite-vec':
    case 'sqlite-scan': {
      const dir = mkdtempSync(join(tmpdir(), 'weft-bench-memory-'));
      const path = join(dir, 'memory.db');
      const vectors = id === 'sqlite-vec' ? 'sqlite-vec' : 'scan';
      const bank = new SqliteMemoryBank({ path, vectors, embedder });
      const plain = new SqliteMemoryBank({ path, vectors });
      const close = async () => {
        await plain.close();
        await bank.close();
        rmSync(dir, { recursive: true, force: true });
      };
      return { bank, plain, fillPlain: false, close };
    }
    case 'postgres': {
      if (!pgUrl) throw new Error('WEFT_PG_URL is not set');
      const schema = `weft_bench_memory_${process.pid}_${++schemas}`;
      const bank = new PostgresMemoryBank({ connectionString: pgUrl, schema, vectors: 'scan', embedder });
      const plain = new PostgresMemoryBank({ connectionString: pgUrl, schema, vectors: 'scan' });
      const close = async () => {
        await plain.close();
        await bank.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await bank.close();
      };
      return { bank, plain, fillPlain: false, close };
    }
  }
}

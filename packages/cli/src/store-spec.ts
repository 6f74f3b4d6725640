import { usageError } from './errors.ts';

/** Where checkpoints go when no `--store` (and no WEFT_STORE) is given: a SQLite file in the working folder. */
export const DEFAULT_STORE = 'sqlite:.weft/weft.db';

/** What a store spec names: a SQLite file, a PostgreSQL database (`url` empty: the PG* variables say which) or the process's memory. */
export type StoreSpec = { spec: string; explicit: boolean } & (
  { kind: 'memory' } | { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string }
);

/**
 * Reads the store a command names: `--store`, else WEFT_STORE, else the
 * SQLite file `.weft/weft.db`. The checkpoint store and the memory bank of a
 * command read the same spec, so both live in one database. `flagName`
 * names the flag in the error (`weft a2a --task-store` reads the same specs).
 */
export function storeSpec(flag: string | undefined, env: Readonly<Record<string, string | undefined>>, flagName = '--store'): StoreSpec {
  const spec = flag ?? env['WEFT_STORE'] ?? DEFAULT_STORE;
  const base = { spec, explicit: flag !== undefined };
  if (spec === 'memory') return { ...base, kind: 'memory' };
  if (spec.startsWith('sqlite:') && spec.length > 'sqlite:'.length) return { ...base, kind: 'sqlite', path: spec.slice('sqlite:'.length) };
  const url = /^postgres(ql)?:\/\//.test(spec) ? spec : spec.startsWith('postgres:') ? spec.slice('postgres:'.length) : undefined;
  if (url !== undefined) return { ...base, kind: 'postgres', url };
  throw usageError(
    `${flag !== undefined ? flagName : 'WEFT_STORE'} ${JSON.stringify(spec)} names no store`,
    'use sqlite:<file>, postgres:<url> (or a postgres:// URL) or memory',
  );
}

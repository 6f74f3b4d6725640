import type { CliIo } from './cli-io.ts';
import { CliError } from './errors.ts';
import type { GraphJSON, StoredGraph } from '@weft/graph';
import { formatTime } from './format-time.ts';
import { openStore } from './open-store.ts';

const shown = (g: StoredGraph): string => `${g.version ? `${g.version} ` : ''}${g.hash.slice(0, 8)} (${formatTime(g.createdAt)})`;

/**
 * The description of graph `name` the store kept for the version whose
 * structure hash is `hash` or starts with it (the first 8 characters, as
 * `weft threads` shows them, will do). A hash the store does not know, or a
 * prefix of several, is GRAPH_VERSION_NOT_FOUND, naming the versions it has.
 */
export async function storedVersion(name: string, hash: string, storeFlag: string | undefined, io: CliIo): Promise<GraphJSON> {
  const opened = await openStore({ flag: storeFlag, env: io.env, cwd: io.cwd, create: false });
  try {
    const { store } = opened;
    if (!store.graphs)
      throw new CliError(
        'GRAPH_VERSION_NOT_FOUND',
        `${opened.label} keeps no graph versions`,
        'use a store that does: sqlite:<file>, postgres:<url>',
      );
    const versions = await store.graphs(name);
    const found = versions.filter((g) => g.hash === hash || (hash.length >= 4 && g.hash.startsWith(hash)));
    if (found.length === 1) return JSON.parse(found[0]!.json) as GraphJSON;
    const which =
      found.length > 1
        ? `several versions of graph "${name}" have a hash that starts with "${hash}"`
        : `${opened.label} has no version of graph "${name}" with hash "${hash}"`;
    const known = versions.length
      ? `the versions it has, oldest first: ${versions.map(shown).join(', ')}`
      : `it has no version of graph "${name}" (a run of this store keeps each version it writes with)`;
    throw new CliError('GRAPH_VERSION_NOT_FOUND', which, found.length > 1 ? `give more of the hash; ${known}` : known, {
      details: { name, hash, versions: versions.map((g) => ({ hash: g.hash, version: g.version })) },
    });
  } finally {
    await opened.close();
  }
}

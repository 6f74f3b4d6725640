import type { AgentGraphVersions } from '@weft/agents';
import { CliError } from './errors.ts';
import type { LoadedModule } from './load-module.ts';

/**
 * The `versions` an agent module exports beside its agent — `{ version,
 * migrations, onGraphMismatch, patches }`, what `new Runner({ versions })`
 * takes — or undefined when it exports none. An agent tree has no version
 * of its own (its Runner compiles it), so the module says which version it
 * is, and every command that runs or judges its threads (run, resume,
 * migrate) passes the same. A graph module's versions are its compile
 * options: an export named `versions` beside a graph is not read.
 */
export function moduleVersions(loaded: LoadedModule): AgentGraphVersions | undefined {
  if (loaded.kind !== 'agent' || !Object.hasOwn(loaded.exports, 'versions')) return undefined;
  const versions = loaded.exports['versions'];
  if (versions === null || typeof versions !== 'object' || Array.isArray(versions))
    throw new CliError(
      'EXPORT_NOT_USABLE',
      `${loaded.path} exports "versions", but it is not an object`,
      "export const versions = { version: 'v2', migrations: [migration({ from: 'v1', to: 'v2' })] } (what new Runner({ versions }) takes)",
    );
  return versions as AgentGraphVersions;
}

import type { MemoryBank } from '@weft/memory';
import { CliError } from './errors.ts';
import type { LoadedModule } from './load-module.ts';

/**
 * The memory bank a module exports as `memory` (the one its agents' memory
 * tools use), for the Studio to show items from; undefined when it exports
 * none. Something else under that name is a typed error naming the export.
 */
export function moduleMemoryBank(command: string, loaded: LoadedModule): MemoryBank | undefined {
  const memory = loaded.exports['memory'];
  if (memory === undefined) return undefined;
  const bank = memory as Partial<MemoryBank> | null;
  if (typeof bank !== 'object' || bank === null || typeof bank.get !== 'function' || typeof bank.search !== 'function')
    throw new CliError(
      'EXPORT_NOT_USABLE',
      `${command}: ${loaded.path} exports "memory", but it is not a memory bank`,
      'export the MemoryBank your agents use as `memory` (an InMemoryBank, SqliteMemoryBank or PostgresMemoryBank), or rename that export',
    );
  return memory as MemoryBank;
}

import type { Agent } from '@weft/agents';
import type { AnyCompiledGraph, CheckpointStore } from '@weft/graph';
import type { RunnableExport } from './runnable-export.ts';

/**
 * The module's export as a command hands it to a host (toRunTarget, a worker,
 * the Studio, an MCP server): a graph on the command's store, even one its
 * module compiled with a store of its own. The command names where its
 * threads live (`--store`, WEFT_STORE, `.weft/weft.db`), and `weft threads`,
 * `weft history` and `weft resume` read them there; a module's own store
 * would send the run elsewhere.
 */
export function commandTarget(loaded: RunnableExport, store: CheckpointStore): Agent | AnyCompiledGraph {
  return loaded.kind === 'agent' ? loaded.agent : loaded.graph.withStore(store);
}

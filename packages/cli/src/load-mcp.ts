import type { Agent, AgentGraphVersions } from '@weft/agents';
import type { CheckpointStore, CompiledGraph } from '@weft/graph';
import { loadOptional } from './load-optional.ts';

/** What `weft mcp` asks of @weft/mcp's serveMcp. */
export interface Mcp {
  serveMcp(
    target: Agent | CompiledGraph,
    options: { store?: CheckpointStore; sessionValues?: Record<string, unknown>; versions?: AgentGraphVersions } & (
      | { transport: 'stdio' }
      | { transport: 'http'; port?: number; host?: string; token?: string; maxSessions?: number; sessionIdleMs?: number }
    ),
  ): Promise<{ url: string | undefined; close(): Promise<void>; closed: Promise<void> }>;
}

const PACKAGE = '@weft/mcp';

/**
 * @weft/mcp, loaded only by `weft mcp`: it brings the MCP SDK, which a
 * project that does not serve MCP does not install. Missing, it is an
 * MCP_UNAVAILABLE error (exit code 2) whose hint installs it.
 */
export function loadMcp(specifier: string = PACKAGE): Promise<Mcp> {
  return loadOptional<Mcp>(specifier, 'MCP_UNAVAILABLE', 'weft mcp');
}

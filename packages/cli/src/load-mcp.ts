import type { Agent } from '@weft/agents';
import type { CheckpointStore, CompiledGraph } from '@weft/graph';
import { CliError } from './errors.ts';

/** What `weft mcp` asks of @weft/mcp's serveMcp. */
export interface Mcp {
  serveMcp(
    target: Agent | CompiledGraph,
    options: { store?: CheckpointStore; sessionValues?: Record<string, unknown> } & (
      { transport: 'stdio' } | { transport: 'http'; port?: number; host?: string }
    ),
  ): Promise<{ url: string | undefined; close(): Promise<void>; closed: Promise<void> }>;
}

const PACKAGE = '@weft/mcp';

/**
 * @weft/mcp, loaded only by `weft mcp`: it brings the MCP SDK, which a
 * project that does not serve MCP does not install. Missing, it is an
 * MCP_UNAVAILABLE error (exit code 2) whose hint installs it.
 */
export async function loadMcp(specifier: string = PACKAGE): Promise<Mcp> {
  try {
    // A specifier in a variable: the CLI does not depend on the package, and TypeScript must not require it.
    return (await import(specifier)) as Mcp;
  } catch (err) {
    const missing = (err as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' && (err as Error).message.includes(`'${specifier}'`);
    throw new CliError(
      'MCP_UNAVAILABLE',
      missing ? `weft mcp needs ${specifier}, which is not installed` : `cannot load ${specifier}: ${(err as Error).message}`,
      missing ? `install ${specifier} beside @weft/cli: npm install ${specifier}` : `reinstall ${specifier} (npm install ${specifier})`,
      { cause: err },
    );
  }
}

import type { AgentTool } from '../agents/agent-tool.ts';
import type { Tool } from './tool.ts';

/**
 * Tools that may change while an agent runs: an MCP server's (`mcpTools()`
 * gives one), or any source that adds and removes tools. Put it in
 * `chatModelAgent({ tools: [...] })` beside plain tools: the agent asks it for
 * its tools at every model call (so a change reaches the next turn) and
 * finds a called tool in it when the call runs.
 */
export interface Toolset {
  readonly kind: 'toolset';
  /** Shown where the agent's tools are listed (drawings, the IR). */
  readonly name: string;
  tools(): readonly Tool[];
}

export function isToolset(value: unknown): value is Toolset {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as { kind?: unknown }).kind === 'toolset' &&
    typeof (value as { tools?: unknown }).tools === 'function'
  );
}

/**
 * An agent's tools as they stand now: its own tools, then each toolset's
 * current ones. A toolset's tool named like one before it is left out (the
 * first of a name wins), so a server cannot take over a tool the agent has.
 */
export function currentTools(tools: readonly (Tool | AgentTool | Toolset)[]): (Tool | AgentTool)[] {
  const out: (Tool | AgentTool)[] = [];
  const names = new Set<string>();
  const add = (t: Tool | AgentTool) => {
    if (names.has(t.name)) return;
    names.add(t.name);
    out.push(t);
  };
  for (const t of tools) if (!isToolset(t)) add(t);
  for (const t of tools) if (isToolset(t)) for (const inner of t.tools()) add(inner);
  return out;
}

import { AgentError } from '../errors.ts';
import type { JsonSchema, ToolSpec } from '@weft/chat-model';
import { tool, type ToolCheck, type ToolParameters } from '../tools/tool.ts';
import { isAgent, type Agent } from './agent.ts';

export interface AgentToolOptions {
  /** Default: the agent's name. */
  name?: string;
  /** Default: the agent's description. */
  description?: string;
  /**
   * Arguments schema (a Standard Schema such as Zod's, or a JSON Schema); the raw JSON arguments become the
   * inner agent's user message. Default: `{ request: string }`. It must validate synchronously.
   */
  inputSchema?: ToolParameters;
  /** Forward the inner agent's events (RunPath = caller's + inner). Default: hidden. */
  emitInternalEvents?: boolean;
}

/**
 * An agent used as a tool: it runs with a fresh history (the call's arguments
 * are its task) and shares session values with the caller, both ways; its
 * result is the text of its last event. Its Exit or transfers stay inside.
 */
export interface AgentTool {
  readonly kind: 'agent-tool';
  readonly name: string;
  readonly description: string;
  readonly agent: Agent;
  readonly spec: ToolSpec;
  readonly emitInternalEvents: boolean;
  check(args: unknown): ToolCheck<unknown>;
  /** The inner agent's user message for a call. */
  request(args: unknown, rawArguments: string): string;
}

const REQUEST: JsonSchema = {
  type: 'object',
  properties: { request: { type: 'string', description: 'The task for the agent, in plain language.' } },
  required: ['request'],
};

export function agentTool(agent: Agent, options: AgentToolOptions = {}): AgentTool {
  if (!isAgent(agent)) throw new AgentError('INVALID_ARGUMENT', 'agentTool(agent, options?) needs an agent');
  const schema = options.inputSchema ?? REQUEST;
  // tool() validates the name and compiles the schema; its execute is never called (the agent runs as a subgraph).
  const asTool = tool({
    name: options.name ?? agent.name,
    description: options.description ?? agent.description,
    parameters: schema,
    execute: () => undefined,
  });
  return Object.freeze({
    kind: 'agent-tool',
    name: asTool.name,
    description: asTool.description,
    agent,
    spec: asTool.spec,
    emitInternalEvents: options.emitInternalEvents === true,
    // Checked where the model's turn is routed, which cannot wait: a schema that validates asynchronously is refused there.
    check: (args: unknown): ToolCheck<unknown> => {
      const checked = asTool.check(args);
      if (!(checked instanceof Promise)) return checked;
      checked.catch(() => {});
      return {
        ok: false,
        message: `the input schema of agent tool ${asTool.name} validates asynchronously; agent tools need one that does not`,
      };
    },
    request: (args: unknown, raw: string) => (options.inputSchema ? raw : String((args as { request: string }).request)),
  });
}

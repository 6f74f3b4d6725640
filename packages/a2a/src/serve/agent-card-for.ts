import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import { A2A_PROTOCOL_VERSION } from '@a2a-js/sdk';
import type { Agent, RunTarget } from '@weft/agents';

/** What a served card may set over the one derived from the target (any AgentCard field). */
export type A2aCardOptions = Partial<Omit<AgentCard, 'supportedInterfaces'>>;

/** Text in and out, and JSON data parts (a graph's input and output, a resume value, an interrupt's info). */
const MODES = ['text/plain', 'application/json'];

/**
 * The agent card of a served target: its name and description, one skill
 * for the agent itself and one for every sub-agent and tool of its tree (a
 * client sees what it can ask for), text and JSON data in and out, and the
 * JSON-RPC interface at `url` in both protocol versions the server speaks
 * (1.0, and 0.3 through the SDK's compatibility layer). `card` overrides
 * any field; with a `token`, the card says requests need a bearer token.
 */
export function agentCardFor(target: RunTarget, url: string, card: A2aCardOptions = {}, token = false): AgentCard {
  const description = target.kind === 'agent' ? target.agent.description || `The agent ${target.name}` : `Runs the graph ${target.name}`;
  const skills = target.kind === 'agent' ? agentSkills(target.agent) : [skill(target.name, description, ['graph'])];
  return {
    name: target.name,
    description,
    supportedInterfaces: [
      { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION },
      { url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ],
    provider: undefined,
    version: '1.0.0',
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: token
      ? {
          bearer: {
            scheme: {
              $case: 'httpAuthSecurityScheme',
              value: { description: 'The token the server was started with', scheme: 'Bearer', bearerFormat: '' },
            },
          },
        }
      : {},
    securityRequirements: token ? [{ schemes: { bearer: { list: [] } } }] : [],
    defaultInputModes: MODES,
    defaultOutputModes: MODES,
    skills,
    signatures: [],
    ...card,
  };
}

/** The agent, then each agent and tool below it, once each (a name seen twice is one skill). */
function agentSkills(root: Agent): AgentSkill[] {
  const skills = new Map<string, AgentSkill>();
  const visit = (agent: Agent): void => {
    const id = `agent:${agent.name}`;
    if (skills.has(id)) return;
    skills.set(id, skill(agent.name, agent.description || `The agent ${agent.name}`, ['agent'], id));
    for (const t of toolsOf(agent)) {
      const toolId = `tool:${t.name}`;
      if (!skills.has(toolId)) skills.set(toolId, skill(t.name, t.description || `The tool ${t.name}`, ['tool'], toolId));
    }
    for (const child of agent.subAgents ?? []) visit(child);
  };
  visit(root);
  return [...skills.values()];
}

/** A chat-model agent's named tools (a toolset's tools are known only while it runs, so it counts as one). */
function toolsOf(agent: Agent): { name: string; description: string }[] {
  const tools = (agent as { tools?: readonly unknown[] }).tools ?? [];
  return tools.flatMap((t) => {
    const { name, description } = (t ?? {}) as { name?: unknown; description?: unknown };
    return typeof name === 'string' ? [{ name, description: typeof description === 'string' ? description : '' }] : [];
  });
}

function skill(name: string, description: string, tags: string[], id = name): AgentSkill {
  return { id, name, description, tags, examples: [], inputModes: MODES, outputModes: MODES, securityRequirements: [] };
}

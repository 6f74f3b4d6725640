import { send } from '@weft/graph';
import type { ChatModelAgent } from '../agents/chat-model-agent.ts';
import type { ToolSpec } from '@weft/chat-model';
import { afterToolsNode, type AfterTools } from './after-tools-node.ts';
import type { AgentScope, Target } from './agent-scope.ts';
import { exitTool } from './built-in-tools.ts';
import { TRANSFER_TOOL, transferTool } from './transfer-tool.ts';
import type { Agent } from '../agents/agent.ts';
import type { Tool } from '../tools/tool.ts';
import { currentTools, isToolset } from '../tools/toolset.ts';
import type { AgentCompiler } from './agent-compiler.ts';
import { addAgentTools, agentToolNode } from './add-agent-tools.ts';
import type { AgentGraphInput, AgentRunState } from './agent-run-state.ts';
import type { AgentTool } from '../agents/agent-tool.ts';
import { userMessage } from '@weft/chat-model';
import { modelAnnotations } from './model-annotations.ts';
import { modelNode, type ModelOutcome } from './model-node.ts';
import { toolsNode } from './tools-node.ts';
import { resolveModelCallLimits } from '../limits/model-call-limits.ts';

/**
 * A ChatModelAgent as three nodes: the model (`A`), one task per tool call
 * (`A:tools`, started with send), and the turn's router (`A:after`), which
 * loops back to the model, leaves the agent, or transfers to a target.
 */
export function addChatModelAgent(c: AgentCompiler, agent: ChatModelAgent, scope: AgentScope, targets: readonly Agent[]): string {
  const b = c.builder;
  const model = agent.name;
  const tools = `${agent.name}:tools`;
  const after = `${agent.name}:after`;
  const address = scope.address.join('/');
  const builtIns = new Map<string, Tool>();
  if (agent.exit) builtIns.set('exit', exitTool());
  if (targets.length) builtIns.set(TRANSFER_TOOL, transferTool(targets));
  const builtInSpecs = [...builtIns.values()].map((t) => t.spec);
  const toolsets = agent.tools.filter(isToolset);
  // A toolset's tools are read at every model call; without one, the list is fixed here.
  const fixed: ToolSpec[] = [...currentTools(agent.tools).map((t) => t.spec), ...builtInSpecs];
  const specs: () => readonly ToolSpec[] = toolsets.length
    ? () => [...currentTools(agent.tools).map((t) => t.spec), ...builtInSpecs]
    : () => fixed;
  const staticSpecs = [...agent.tools.filter((t) => !isToolset(t)).map((t) => (t as Tool | AgentTool).spec), ...builtInSpecs];
  const targetNames = targets.map((t) => t.name);
  const annotations = { agent: agent.name, agentPath: scope.agentPath };
  const limits = resolveModelCallLimits(agent.modelCallLimits, c.modelCallLimits);
  b.addNode(model, modelNode(agent, scope, specs, targets, limits), {
    kind: 'chat-model',
    address,
    // A failed model call stops this agent's branch only: parallel siblings go on, and a resume calls the model again.
    onError: 'stop-branch',
    annotations: {
      ...annotations,
      description: agent.description,
      instruction: agent.instruction ?? '',
      tools: staticSpecs.map((s) => s.name),
      ...(toolsets.length ? { toolsets: toolsets.map((t) => t.name) } : {}),
      transferTargets: targetNames,
      ...modelAnnotations(agent),
    },
  });
  if (staticSpecs.length === 0 && toolsets.length === 0) {
    // No tools bound: the single answer ends the agent (a branch with one target, so drawings label it "answer").
    b.addBranch(model, () => scope.next, [scope.next]);
    return model;
  }
  const subNodes = addAgentTools(c, agent, scope, after);
  b.addBranch(
    model,
    (out: ModelOutcome, state: AgentRunState) => routeModel(agent, out, tools, scope, state),
    unique([tools, ...subNodes, scope.next]),
  );
  b.addNode(tools, toolsNode(agent, scope, { builtIns, transferTargets: targetNames }), {
    kind: 'tools',
    address,
    annotations: { ...annotations, tools: staticSpecs, ...(toolsets.length ? { toolsets: toolsets.map((t) => t.name) } : {}) },
  });
  b.addNode(after, afterToolsNode(agent, scope), {
    kind: 'router',
    address: `${address}/after`,
    annotations: { ...annotations, transferTargets: targetNames },
  });
  b.addEdge(tools, after);
  const route = (out: AfterTools) =>
    out.go === 'model' ? model : out.go === 'next' ? scope.next : out.go === 'transfer' ? out.target! : scope.stop;
  b.addBranch(after, route, unique([model, scope.next, scope.stop, ...targetNames]));
  return model;
}

/**
 * After a model call: the answer ends the agent; each tool call becomes a task
 * (a call to an agent tool with valid arguments runs its subgraph, with the
 * caller's session values; anything else runs in the tools node).
 */
function routeModel(agent: ChatModelAgent, out: ModelOutcome, tools: string, scope: AgentScope, state: AgentRunState) {
  if (out.kind === 'answer') return scope.next;
  return out.message.toolCalls!.map((call) => {
    const key = `tool:${call.name}:${call.id}`;
    const at = agent.tools.find((t): t is AgentTool => t.kind === 'agent-tool' && t.name === call.name);
    const args = at && parseJson(call.arguments);
    if (!at || args === undefined || !at.check(args).ok) return send(tools, call, key);
    const input: AgentGraphInput = {
      messages: [userMessage(at.request(args, call.arguments))],
      session: { ...state.session },
      call: { id: call.id, name: call.name },
      // This agent's RunPath (it is in the lane once the agent has entered), after its own callers'.
      callerRunPath: [...(state.callerRunPath ?? []), ...state.lanes[scope.lane]!.runPath],
    };
    return send(agentToolNode(agent, at), input, key);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text || '{}') as unknown;
  } catch {
    return undefined;
  }
}

function unique(targets: Target[]): Target[] {
  return [...new Set(targets)];
}

import type { ToolSpec } from '@weft/chat-model';
import { AgentError } from '../errors.ts';
import type { Tool } from '../tools/tool.ts';
import { currentTools, isToolset } from '../tools/toolset.ts';
import type { Agent, AgentCompiler, AgentScope, Target, TransferOptions } from './agent.ts';
import type { AgentTool } from './agent-tool.ts';
import type { ChatModelAgentConfig, ChatModelSettings } from './chat-model-agent-config.ts';
import { copyAgent } from './copy-agent.ts';
import { defineAgent, isAgentName } from './define-agent.ts';
import { checkOutputSchema, type OutputSchema, type OutputSchemaType } from './output-schema.ts';
import { checkModelCallLimits, resolveModelCallLimits } from '../limits/model-call-limits.ts';
import { checkResultLimit } from '../limits/tool-result-limit.ts';
import { addAgentToolNodes } from '../compile/agent-tool-nodes.ts';
import { exitTool } from '../compile/built-in-tools.ts';
import { childScope } from '../compile/child-scope.ts';
import { modelAnnotations } from '../compile/model-annotations.ts';
import { modelNode } from '../compile/model-node.ts';
import { outputNode, outputRoute } from '../compile/output-node.ts';
import { routeModel } from '../compile/route-model.ts';
import { toolsNode } from '../compile/tools-node.ts';
import { TRANSFER_TOOL, transferTool } from '../compile/transfer-tool.ts';
import { turnRoute } from '../compile/turn-route.ts';
import { checkAgentMemory } from '../memory/agent-memory.ts';
import { checkAgentGuardrails } from '../guardrails/agent-guardrails.ts';

export type { ChatModelAgentConfig, ModelInputParts } from './chat-model-agent-config.ts';

/**
 * A ChatModelAgent: a model that calls tools in a ReAct loop, compiled to
 * `model → tools → model` (two graph steps a turn). `O`: its final output's type.
 */
export interface ChatModelAgent<O = unknown> extends ChatModelSettings, Agent<O> {
  readonly kind: 'chat-model';
  readonly outputSchema?: OutputSchema;
  /** Set by withSubAgents: the agents it can transfer to. */
  readonly subAgents?: readonly Agent[];
  readonly transferOptions?: TransferOptions;
  withSubAgents(children: readonly Agent[], options: TransferOptions): ChatModelAgent<O>;
}

/**
 * Defines a ChatModelAgent; a bad definition is a typed error at once. With an
 * `outputSchema`, the run's `finalOutput` has the schema's type.
 *
 * @example
 * const weather = chatModelAgent({
 *   name: 'weather',
 *   description: 'answers weather questions',
 *   instruction: 'Answer with the forecast.',
 *   model,
 *   tools: [getWeather],
 *   outputSchema: z.object({ city: z.string(), celsius: z.number() }),
 * });
 */
export function chatModelAgent<const S extends OutputSchema | undefined = undefined>(
  config: ChatModelAgentConfig & { outputSchema?: S },
): ChatModelAgent<OutputSchemaType<S>> {
  const bad = (msg: string) => new AgentError('INVALID_ARGUMENT', `chatModelAgent ${JSON.stringify(config?.name)}: ${msg}`);
  if (config === null || typeof config !== 'object') throw new AgentError('INVALID_ARGUMENT', 'chatModelAgent() takes an options object');
  if (!isAgentName(config.name)) {
    throw bad('name must be 1-64 characters: letters, digits, space, ".", "_" or "-"');
  }
  if (typeof config.description !== 'string') throw bad('description must be a string');
  if (!config.model || typeof config.model.generate !== 'function' || typeof config.model.stream !== 'function') {
    throw bad('model must be a ChatModel (generate and stream)');
  }
  const tools = config.tools ?? [];
  if (!Array.isArray(tools) || tools.some((t) => t?.kind !== 'tool' && t?.kind !== 'agent-tool' && !isToolset(t)))
    throw bad('tools must be made with tool() or agentTool(), or be toolsets ({ kind: "toolset", name, tools() })');
  const names = tools.filter((t) => !isToolset(t)).map((t) => t.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw bad(`two tools are named "${dup}"`);
  const reserved = names.find((n) => n === 'transfer_to_agent' || (n === 'exit' && config.exit));
  if (reserved) throw bad(`tool name "${reserved}" is reserved`);
  for (const r of config.returnDirectly ?? [])
    if (!names.includes(r)) throw bad(`returnDirectly names "${r}", which is not one of its tools (${names.join(', ')})`);
  const maxIterations = config.maxIterations ?? 20;
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw bad('maxIterations must be a positive integer');
  if (config.toolErrors !== undefined && config.toolErrors !== 'return' && config.toolErrors !== 'throw')
    throw bad("toolErrors must be 'return' or 'throw'");
  const limits =
    config.modelCallLimits === undefined
      ? {}
      : { modelCallLimits: checkModelCallLimits(config.modelCallLimits, `chatModelAgent ${JSON.stringify(config.name)}`) };
  if (config.maxToolResultBytes !== undefined)
    checkResultLimit(config.maxToolResultBytes, `chatModelAgent ${JSON.stringify(config.name)}: maxToolResultBytes`);
  if (config.memory !== undefined) checkAgentMemory(config.memory, String(config.name));
  if (config.guardrails !== undefined) checkAgentGuardrails(config.guardrails, String(config.name));
  if (config.context !== undefined && (!Array.isArray(config.context) || config.context.some((p) => typeof p !== 'function')))
    throw bad('context must be a list of context policies (functions such as trimToTokens(n))');
  const outputRetries = config.outputRetries ?? 2;
  if (!Number.isInteger(outputRetries) || outputRetries < 0) throw bad('outputRetries must be an integer ≥ 0');
  if (config.outputSchema !== undefined) {
    // An exit's or a returnDirectly tool's result is tool text, not an answer the schema could check.
    if (config.exit || config.returnDirectly?.length)
      throw bad('outputSchema cannot be combined with exit or returnDirectly, whose results are tool text');
    checkOutputSchema(config.outputSchema, `chatModelAgent "${config.name}"`);
  }
  const settings = { ...config, ...limits, maxIterations, outputRetries, tools: Object.freeze([...tools]) };
  return defineAgent({
    ...settings,
    kind: 'chat-model' as const,
    compile(this: ChatModelAgent, c: AgentCompiler, scope: AgentScope): string {
      return compileChatModelAgent(c, this, scope);
    },
    withSubAgents(
      this: ChatModelAgent<OutputSchemaType<S>>,
      children: readonly Agent[],
      options: TransferOptions,
    ): ChatModelAgent<OutputSchemaType<S>> {
      return copyAgent(this, { subAgents: Object.freeze([...children]), transferOptions: { ...options } });
    },
  });
}

/**
 * The agent's nodes: the model (`A`, entered by name), one tools task per
 * call (`A:tools`; an agent tool's call runs its subgraph, `A:agent:<tool>`),
 * whose route goes back to the model, to a transfer's target or out of the
 * agent (through `A:output` when it stores an outputKey from a tool result);
 * then the agents it can transfer to, each a tree of its own under it.
 */
function compileChatModelAgent(c: AgentCompiler, agent: ChatModelAgent, scope: AgentScope): string {
  const kids = agent.subAgents ?? [];
  const targets = [...kids, ...(scope.inheritedTargets ?? [])];
  addReActNodes(c, agent, scope, targets);
  const opts = agent.transferOptions ?? {};
  const { inheritedTargets: _drop, ...rest } = scope;
  // The tree shares one `next`: a child that ends continues where this agent would have, before its own handoff.
  const tree = { ...rest, next: scope.treeNext ?? scope.next };
  for (const child of kids) {
    const inherited = [
      ...(opts.disallowTransferToParent ? [] : [agent]),
      ...(opts.allowTransferToPeers ? kids.filter((k) => k !== child) : []),
    ];
    c.addAgent(child, childScope(tree, child, { inheritedTargets: inherited }));
  }
  return agent.name;
}

function addReActNodes(c: AgentCompiler, agent: ChatModelAgent, scope: AgentScope, targets: readonly Agent[]): void {
  const b = c.builder;
  const model = agent.name;
  const tools = `${agent.name}:tools`;
  const address = scope.address.join('/');
  const builtIns = new Map<string, Tool>();
  if (agent.exit) builtIns.set('exit', exitTool());
  if (targets.length) builtIns.set(TRANSFER_TOOL, transferTool(targets));
  const builtInSpecs = [...builtIns.values()].map((t) => t.spec);
  const toolsets = agent.tools.filter(isToolset);
  // A toolset's tools are read at every model call; without one, the list is fixed here.
  const fixed: ToolSpec[] = [...currentTools(agent.tools).map((t) => t.spec), ...builtInSpecs];
  const specs = toolsets.length ? () => [...currentTools(agent.tools).map((t) => t.spec), ...builtInSpecs] : () => fixed;
  const staticSpecs = [...agent.tools.filter((t) => !isToolset(t)).map((t) => (t as Tool | AgentTool).spec), ...builtInSpecs];
  const transferTargets = targets.map((t) => t.name);
  const annotations = { agent: agent.name, agentPath: scope.agentPath };
  const sets = toolsets.length ? { toolsets: toolsets.map((t) => t.name) } : {};
  const limits = resolveModelCallLimits(agent.modelCallLimits, c.modelCallLimits);
  b.addNode(model, modelNode(agent, scope, { tools: specs, targets, limits, streaming: c.streaming, prices: c.prices }), {
    kind: 'chat-model',
    address,
    // A failed model call stops this agent's branch only: parallel siblings go on, and a resume calls the model again.
    onError: 'stop-branch',
    annotations: {
      ...annotations,
      description: agent.description,
      instruction: agent.instruction ?? '',
      tools: staticSpecs.map((s) => s.name),
      ...sets,
      transferTargets,
      ...modelAnnotations(agent),
      ...(c.streaming ? { streaming: true } : {}),
    },
  });
  if (staticSpecs.length === 0 && toolsets.length === 0) {
    // No tools bound: the single answer ends the agent (a branch with one target, so drawings label it "answer").
    b.addBranch(model, () => scope.next, [scope.next]);
    return;
  }
  // Agent-tool nodes come before the tools node: the turn's route publishes their results before a return-directly one.
  const subNodes = addAgentToolNodes(c, agent, scope);
  b.addBranch(model, routeModel(agent, scope, tools), unique([tools, ...subNodes, scope.next]));
  b.addNode(tools, toolsNode(agent, scope, { builtIns, transferTargets }), {
    kind: 'tools',
    address,
    annotations: { ...annotations, tools: staticSpecs, ...sets, transferTargets },
  });
  const output = agent.outputKey !== undefined && (agent.exit || agent.returnDirectly?.length) ? `${agent.name}:output` : undefined;
  const route = turnRoute(agent.name, scope, { model, output });
  const leaves = output === undefined ? [scope.next, scope.stop] : [output];
  b.addBranch(tools, route, unique([model, ...leaves, ...transferTargets]));
  // An agent tool's result never transfers or ends the turn (those are the tools node's), so it can only lead back to the model.
  for (const node of subNodes) b.addBranch(node, route, [model]);
  if (output === undefined) return;
  b.addNode(output, outputNode(agent.outputKey!), { kind: 'lambda', address: `${address}/output`, annotations });
  b.addBranch(output, outputRoute(scope), unique([scope.next, scope.stop]));
}

function unique(targets: Target[]): Target[] {
  return [...new Set(targets)];
}

/**
 * The attribute names this package writes: OpenTelemetry's GenAI semantic
 * conventions (gen_ai.*) for model calls, tool calls and agents, and Weft's
 * own (weft.*) for runs, steps and nodes.
 */
export const ATTR = {
  operation: 'gen_ai.operation.name',
  system: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  finishReasons: 'gen_ai.response.finish_reasons',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  outputMessages: 'gen_ai.output.messages',
  graph: 'weft.graph.name',
  runId: 'weft.run.id',
  threadId: 'weft.thread.id',
  resumedFrom: 'weft.run.resumed_from',
  status: 'weft.run.status',
  step: 'weft.step',
  node: 'weft.node.name',
  nodeKind: 'weft.node.kind',
  taskKey: 'weft.node.key',
} as const;

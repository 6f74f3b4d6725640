/**
 * The attribute names this package writes: OpenTelemetry's GenAI semantic
 * conventions (gen_ai.*, with the general error.* and server.*) for model
 * calls, tool calls, agents and evaluation results, and Weft's own (weft.*)
 * for runs, steps, nodes and eval cases. Each gen_ai name is the value of an `ATTR_GEN_AI_*` constant of
 * `@opentelemetry/semantic-conventions/incubating` (a test holds them to it).
 */
export const ATTR = {
  operation: 'gen_ai.operation.name',
  /** The provider, as the current conventions name it. */
  provider: 'gen_ai.provider.name',
  /** The provider, as v1.36.0 of the conventions and earlier name it (written too only when asked: `emitGenAiSystem`). */
  system: 'gen_ai.system',
  requestModel: 'gen_ai.request.model',
  requestStream: 'gen_ai.request.stream',
  temperature: 'gen_ai.request.temperature',
  maxTokens: 'gen_ai.request.max_tokens',
  topP: 'gen_ai.request.top_p',
  outputType: 'gen_ai.output.type',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  finishReasons: 'gen_ai.response.finish_reasons',
  responseId: 'gen_ai.response.id',
  responseModel: 'gen_ai.response.model',
  toolName: 'gen_ai.tool.name',
  toolDescription: 'gen_ai.tool.description',
  toolType: 'gen_ai.tool.type',
  toolCallId: 'gen_ai.tool.call.id',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  agentName: 'gen_ai.agent.name',
  agentDescription: 'gen_ai.agent.description',
  conversationId: 'gen_ai.conversation.id',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  errorType: 'error.type',
  evaluationName: 'gen_ai.evaluation.name',
  evaluationScore: 'gen_ai.evaluation.score.value',
  evaluationLabel: 'gen_ai.evaluation.score.label',
  evaluationExplanation: 'gen_ai.evaluation.explanation',
  graph: 'weft.graph.name',
  runId: 'weft.run.id',
  threadId: 'weft.thread.id',
  resumedFrom: 'weft.run.resumed_from',
  status: 'weft.run.status',
  step: 'weft.step',
  node: 'weft.node.name',
  nodeKind: 'weft.node.kind',
  taskKey: 'weft.node.key',
  evalName: 'weft.eval.name',
  evalCaseId: 'weft.eval.case.id',
  evalCaseAttempt: 'weft.eval.case.attempt',
  evalCaseStatus: 'weft.eval.case.status',
  evalCaseScore: 'weft.eval.case.score',
} as const;

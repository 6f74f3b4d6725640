import { SpanStatusCode, type Span } from '@opentelemetry/api';
import type { InstrumentedNode } from '@weft/graph';
import { ATTR } from './gen-ai.ts';
import { asJson, conventionFinishReason, outputMessages, type AnswerMessage } from './output-messages.ts';

/** The model node's output (ModelOutcome of @weft/agents): the answer, with usage, finish reason and response when the model said. */
interface ModelOutput {
  message?: AnswerMessage & { usage?: { inputTokens?: unknown; outputTokens?: unknown }; response?: { id?: unknown; model?: unknown } };
}

/** A tools node's output (a tool call's outcome, @weft/agents): the call's content, and its error when the call failed. */
type ToolOutput = { content?: unknown; error?: { code?: unknown; name?: unknown; message?: unknown } };

/** What a finished model or tool node adds to its span. */
export function recordNodeResult(span: Span, info: InstrumentedNode | undefined, output: unknown, content: boolean): void {
  if (info?.kind === 'chat-model') modelResult(span, output as ModelOutput | null, content);
  else if (info?.kind === 'tools') toolResult(span, output as ToolOutput | ToolOutput[] | null, content);
}

/** A model call's usage, finish reason, response id and model, and (opted in) answer. */
function modelResult(span: Span, output: ModelOutput | null, content: boolean): void {
  const message = output?.message;
  if (!message) return;
  if (typeof message.usage?.inputTokens === 'number') span.setAttribute(ATTR.inputTokens, message.usage.inputTokens);
  if (typeof message.usage?.outputTokens === 'number') span.setAttribute(ATTR.outputTokens, message.usage.outputTokens);
  if (typeof message.finishReason === 'string') span.setAttribute(ATTR.finishReasons, [conventionFinishReason(message.finishReason)]);
  if (typeof message.response?.id === 'string') span.setAttribute(ATTR.responseId, message.response.id);
  if (typeof message.response?.model === 'string') span.setAttribute(ATTR.responseModel, message.response.model);
  if (content) span.setAttribute(ATTR.outputMessages, outputMessages(message));
}

/**
 * A tool call's outcome. A call that failed (the tool threw, its arguments
 * were refused, there is no such tool) is an error on its span, with the
 * Weft error code as `error.type`, though the agent goes on: the model gets
 * the error as the tool's result. Only a call that succeeded has a result.
 */
function toolResult(span: Span, output: ToolOutput | ToolOutput[] | null, content: boolean): void {
  // One outcome per task; a list of one in graphs compiled before a ReAct turn took two steps.
  const outcome = Array.isArray(output) ? output[0] : output;
  if (!outcome || typeof outcome !== 'object') return;
  const error = outcome.error;
  if (error) {
    const message = typeof error.message === 'string' ? error.message : String(outcome.content);
    span.recordException({ name: typeof error.name === 'string' ? error.name : 'Error', message });
    span.setAttribute(ATTR.errorType, typeof error.code === 'string' ? error.code : '_OTHER');
    span.setStatus({ code: SpanStatusCode.ERROR, message });
    return;
  }
  if (content && outcome.content !== undefined) span.setAttribute(ATTR.toolResult, asJson(outcome.content));
}

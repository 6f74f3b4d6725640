import { SpanKind, type Attributes } from '@opentelemetry/api';
import type { GraphEvent, InstrumentedNode } from '@weft/graph';
import { chatModelNode } from './chat-model-node.ts';
import { ATTR } from './gen-ai.ts';
import { asJson } from './output-messages.ts';
import type { SpanConventions } from './span-conventions.ts';

/** What a node span starts with. */
export interface NodeSpan {
  name: string;
  kind: SpanKind;
  attributes: Attributes;
}

/** Where a node runs: its agent (if any), the thread, and whether models stream. */
export interface NodeScope {
  agent: string | undefined;
  conversationId: string | undefined;
  streaming: boolean;
}

/**
 * A node span's name, kind and attributes: a model call (`chat <model>`, a
 * CLIENT span: the model usually runs in another process), a tool call
 * (`execute_tool <name>`), or any other node. The attributes backends
 * sample on (operation, provider, model, server) are given at the start, with
 * the request parameters the model declares.
 */
export function describeNode(
  e: Extract<GraphEvent, { type: 'node.start' }>,
  info: InstrumentedNode | undefined,
  scope: NodeScope,
  conventions: SpanConventions,
): NodeSpan {
  const common: Attributes = {
    [ATTR.node]: e.node,
    [ATTR.step]: e.step,
    [ATTR.nodeKind]: info?.kind ?? 'lambda',
    ...(e.key !== undefined ? { [ATTR.taskKey]: e.key } : {}),
    ...(scope.agent ? { [ATTR.agentName]: scope.agent } : {}),
  };
  const conversation = scope.conversationId ? { [ATTR.conversationId]: scope.conversationId } : {};
  if (info?.kind === 'chat-model') {
    const model = chatModelNode(info);
    const attributes: Attributes = {
      ...common,
      [ATTR.operation]: 'chat',
      ...conventions.providerAttributes(conventions.provider(model.model, model.declaredProvider)),
      ...model.request,
      ...model.server,
      ...conversation,
      ...(scope.streaming ? { [ATTR.requestStream]: true } : {}),
    };
    return { name: `chat ${model.model}`, kind: SpanKind.CLIENT, attributes };
  }
  if (info?.kind === 'tools') return toolSpan(e, info, { ...common, ...conversation }, conventions.content);
  return { name: `node ${e.node}`, kind: SpanKind.INTERNAL, attributes: common };
}

/** A tool call: the call's tool and id (the task's input), the tool's description when the agent lists it. */
function toolSpan(e: Extract<GraphEvent, { type: 'node.start' }>, info: InstrumentedNode, common: Attributes, content: boolean): NodeSpan {
  const call = e.input as { id?: unknown; name?: unknown; arguments?: unknown } | null;
  const tool = typeof call?.name === 'string' ? call.name : 'unknown';
  const listed = info.annotations['tools'];
  const spec = Array.isArray(listed) ? (listed as { name?: unknown; description?: unknown }[]).find((t) => t?.name === tool) : undefined;
  const description = typeof spec?.description === 'string' && spec.description !== '' ? spec.description : undefined;
  const args = call?.arguments === '' ? '{}' : call?.arguments;
  const attributes: Attributes = {
    ...common,
    [ATTR.operation]: 'execute_tool',
    [ATTR.toolName]: tool,
    ...(typeof call?.id === 'string' ? { [ATTR.toolCallId]: call.id } : {}),
    ...(description ? { [ATTR.toolDescription]: description } : {}),
    // Weft runs every tool in the application, from arguments the model wrote: the conventions' "function".
    [ATTR.toolType]: 'function',
    ...(content && args !== undefined ? { [ATTR.toolArguments]: asJson(args) } : {}),
  };
  return { name: `execute_tool ${tool}`, kind: SpanKind.INTERNAL, attributes };
}

/** A string annotation of a node (what a higher layer attached), else undefined. */
export function annotation(info: InstrumentedNode | undefined, key: string): string | undefined {
  const value = info?.annotations[key];
  return typeof value === 'string' ? value : undefined;
}

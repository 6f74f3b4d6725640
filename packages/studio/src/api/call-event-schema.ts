import { z } from 'zod';

/**
 * The data of a `call` event on a thread's stream (CallEventData), as a
 * schema: the OpenAPI document describes the stream's `call` events with it,
 * and the tests check the events the server sends against it.
 */

const site = {
  callId: z.string().describe('unique within the run: a call’s start and end share it'),
  agentName: z.string(),
  node: z.string().describe('the graph node whose task the call is (the model node, the tools node)'),
  path: z.array(z.string()).describe('the subgraph nodes leading to that node’s graph ([] at the top)'),
  ts: z.number().describe('when it started, in ms since the epoch'),
};

/** A message as a model is sent it or answers (@weft/chat-model's Message). */
const message = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })).optional(),
  toolCallId: z.string().optional(),
  name: z.string().optional(),
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }).optional(),
  finishReason: z.string().optional(),
  response: z.object({ id: z.string().optional(), model: z.string().optional() }).optional(),
});

const end = {
  phase: z.literal('end'),
  callId: z.string(),
  ts: z.number().describe('when it ended, in ms since the epoch'),
  durationMs: z.number(),
  status: z
    .enum(['done', 'failed', 'interrupted', 'cancelled'])
    .describe('failed: the tool threw or was refused, the model call failed or was retried; interrupted: it runs again on resume'),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
};

export const callEvent = z.discriminatedUnion('phase', [
  z.discriminatedUnion('kind', [
    z.object({
      phase: z.literal('start'),
      kind: z.literal('model'),
      ...site,
      model: z.string().optional().describe('the ChatModel’s name'),
      messages: z.array(message).optional().describe('what the model is sent, in order'),
    }),
    z.object({
      phase: z.literal('start'),
      kind: z.literal('tool'),
      ...site,
      toolName: z.string(),
      toolCallId: z.string(),
      arguments: z.string().describe('JSON text, as the model wrote it (an agent tool’s: the request its agent is given)'),
    }),
  ]),
  z.discriminatedUnion('kind', [
    z.object({
      ...end,
      kind: z.literal('model'),
      message: message.optional().describe('the answer: text and tool calls'),
      usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }).optional(),
      finishReason: z.string().optional(),
      responseModel: z.string().optional().describe('the model the provider says answered'),
      priceModel: z.string().optional().describe('the entry of createStudio’s prices the cost was computed with'),
      cost: z.number().optional().describe('in US dollars'),
    }),
    z.object({ ...end, kind: z.literal('tool'), result: z.string().optional().describe('what the model is given back') }),
  ]),
]);

import { z } from 'zod';
import { interruptRecord } from './responses.ts';

/**
 * One item of a thread's transcript, in the order a person reads it: an
 * agent's recorded message (the user's query is one, with agentName ""), an
 * interrupt and the answer a resume gave it, an error, a graph run's input
 * and output.
 */
export const transcriptItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message'),
    agentName: z.string().describe('the agent that wrote it; "" for the user’s messages'),
    message: z.looseObject({ role: z.string(), content: z.unknown() }).describe('a @weft/chat-model Message'),
    transfer: z.literal(true).optional().describe('part of a transfer: the transfer_to_agent call or its result'),
  }),
  z.object({
    type: z.literal('interrupt'),
    interrupt: interruptRecord,
    answered: z.boolean().describe('a resume on the line answered it'),
    answer: z.unknown().optional().describe('the value that resume gave it'),
  }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string(), message: z.string() }) }),
  z.object({ type: z.literal('input'), value: z.unknown().describe('a graph run’s input (its first task’s)') }),
  z.object({ type: z.literal('output'), value: z.unknown().describe('a graph run’s output') }),
]);

export const transcriptResponse = z.object({
  threadId: z.string(),
  checkpointId: z.string().describe('the checkpoint it was read at: the thread’s latest'),
  status: z.enum(['running', 'interrupted', 'done', 'error']),
  after: z
    .string()
    .nullable()
    .describe(
      'the id of the thread’s stream event (GET …/events) after which the events are newer than this transcript; null when every event this server keeps of the thread is newer',
    ),
  items: z.array(transcriptItem),
});

export type TranscriptItem = z.infer<typeof transcriptItem>;
export type TranscriptResponse = z.infer<typeof transcriptResponse>;

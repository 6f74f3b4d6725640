import { z } from 'zod';

/** GET /api/memory's answer: one item of the served memory bank, as the bank keeps it. */
export const memoryItemResponse = z.object({
  namespace: z.array(z.string()).describe('the namespace asked for'),
  key: z.string(),
  value: z.unknown().describe('the item’s JSON value (memoryTools’ remember writes `{ text, tags? }`)'),
  createdAt: z.number().describe('epoch milliseconds'),
  updatedAt: z.number().describe('epoch milliseconds'),
  expiresAt: z.number().optional().describe('epoch milliseconds; past it the bank no longer returns the item'),
  origin: z
    .object({
      threadId: z.string().optional(),
      checkpointId: z.string().optional(),
      agentName: z.string().optional(),
      toolCallId: z.string().optional(),
      writeId: z.string().optional(),
    })
    .optional()
    .describe('where the write came from, when a run made it'),
});

export type MemoryItemResponse = z.infer<typeof memoryItemResponse>;

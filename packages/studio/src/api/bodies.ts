import { z } from 'zod';
import { wirePart } from './wire-parts.ts';

const values = z.record(z.string(), z.unknown());

/** Content parts sent with a query or as a message's content: text, and images, files and audio as base64. */
const parts = z.array(wirePart).max(64);

/** A message as the API takes it (its content text or parts); the agent checks the rest. */
const message = z.looseObject({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.union([z.string(), parts]) });

/**
 * A run's input: a query (agents, and graphs taking a string) with the parts
 * sent with it (an agent's: images, files, audio), messages (agents) or any
 * JSON value (graphs).
 */
export const runInput = z.union([
  z.strictObject({ query: z.string().min(1).max(100_000), parts: parts.optional() }),
  z.strictObject({ messages: z.array(message).min(1).max(1_000) }),
  z.strictObject({ value: z.unknown() }),
]);

/** How the answer comes: the run's events as SSE (`stream`), its end once it ends (`wait`), or at once with its ids (neither). */
const answer = {
  stream: z.boolean().optional(),
  wait: z.boolean().optional(),
};

export const runBody = z.strictObject({
  input: runInput,
  sessionValues: values.optional(),
  /**
   * When the thread is being run: 'reject' (default: 409 THREAD_BUSY), 'enqueue' (after it, in the order
   * requests came), 'interrupt' (stop it at its next step boundary, run from its state) or 'rollback'
   * (the same, from the checkpoint the stopped run started from).
   */
  multitask: z.enum(['reject', 'enqueue', 'interrupt', 'rollback']).optional(),
  ...answer,
});

export const resumeBody = z.strictObject({
  checkpointId: z.string().min(1).optional(),
  resume: values.optional(),
  sessionValues: values.optional(),
  ...answer,
});

export const forkBody = z.strictObject({
  checkpointId: z.string().min(1),
  goto: z.string().min(1).optional(),
  input: z.unknown().optional(),
  update: values.optional(),
  resume: values.optional(),
  ...answer,
});

export const historyQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  before: z.coerce.number().int().min(0).optional(),
});

/** GET /api/graph: which drawing (`expand` may repeat: each names an agent drawn with its nodes, at the agents level). */
export const graphQuery = z.strictObject({
  level: z.enum(['agents', 'nodes']).optional(),
  expand: z.string().min(1).max(200).optional(),
});

export const stateQuery = z.strictObject({ checkpointId: z.string().min(1).optional() });

export const threadsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1_000).optional(),
  /** `this` (default): the served graph's threads; `all`: every thread of the store, other graphs' marked. */
  graph: z.enum(['this', 'all']).optional(),
});

export const eventsQuery = z.strictObject({ lastEventId: z.string().max(200).optional() });

export type RunBody = z.infer<typeof runBody>;
export type ResumeBody = z.infer<typeof resumeBody>;
export type ForkBody = z.infer<typeof forkBody>;

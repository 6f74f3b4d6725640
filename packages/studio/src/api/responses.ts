import { z } from 'zod';

/**
 * What the API answers, as schemas: the OpenAPI document is written from
 * them (so a generated client has the answers' types), and the routes build
 * their answers to fit them (`satisfies`).
 */

const checkpointStatus = z.enum(['running', 'interrupted', 'done', 'error']);
const checkpointSource = z.enum(['input', 'step', 'resume', 'fork']);
const values = z.record(z.string(), z.unknown());

/** An error as a checkpoint or an event keeps it. */
const storedError = z.looseObject({ code: z.string(), message: z.string(), details: z.unknown().optional() });

/** A pending interrupt: its id is what a resume answers (`resume: { [id]: value }`). */
export const interruptRecord = z.object({
  id: z.string(),
  address: z.string(),
  path: z.array(z.string()),
  info: z.unknown().optional(),
  resumeSchema: values.optional().describe('the JSON Schema of the value the interrupt takes, when it declared one'),
});

/** The body of every error answer. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().describe('the error code: the library’s own (THREAD_BUSY, RESUME_INVALID, …) or the studio’s'),
    message: z.string().describe('what went wrong and what to do'),
    details: z.unknown().optional(),
  }),
});

export const graphResponse = z.object({
  name: z.string().describe('the compiled graph’s name (an agent’s is agents:<name>): the one its checkpoints record'),
  displayName: z.string().describe('the agent’s own name, or the graph’s: what the page calls it'),
  hash: z.string(),
  kind: z.enum(['agent', 'graph']),
  title: z.string(),
  model: values.describe('the drawing model of @weft/viz (vizModel): every node of the compiled graph, whatever the level drawn'),
  svg: z.string(),
  drawn: values.describe(
    'the model the svg draws: `model` at the nodes level; at the agents level agentView’s, whose nodes carry members (the node ids a drawn node stands for)',
  ),
  level: z
    .enum(['agents', 'nodes'])
    .describe('agents: one node per agent (an agent target’s default); nodes: every node of the compiled graph'),
  expanded: z.array(z.string()).describe('the agents drawn with their nodes at the agents level (by their node id), sorted'),
  sessionValues: values,
  memoryBank: z.boolean().describe('the studio serves a memory bank: GET /api/memory reads its items (createStudio’s `memory`)'),
  schedules: z
    .boolean()
    .describe('the studio runs on a queue: GET /api/schedules lists its schedules (createStudio’s `queue`, weft serve --queue)'),
});

/** What changed between two builds of the graph, by node id (see graphChanges). */
const graphChangesSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(
    z.object({
      node: z.string(),
      fields: z.array(z.string()).describe('the fields that differ: kind, trigger, address, or an annotation (instruction, tools, …)'),
    }),
  ),
  edgesAdded: z.array(z.string()).describe('as `from -> to`'),
  edgesRemoved: z.array(z.string()),
});

/** A `graph` event of GET /api/graph/events. */
export const graphEventData = z.object({
  name: z.string(),
  hash: z.string().describe('the served graph’s structure hash, as GET /api/graph answers it'),
  kind: z.enum(['agent', 'graph']),
  source: z
    .string()
    .nullable()
    .describe('what was loaded again, as the page names it (weft dev: the module’s file name); null when not said'),
  previousHash: z.string().nullable().describe('the hash served before this replacement; null in the event a stream opens with'),
  changes: graphChangesSchema.nullable().describe('what changed from the graph served before; null in the event a stream opens with'),
  stale: z
    .array(
      z.object({
        threadId: z.string(),
        status: checkpointStatus,
        hash: z.string().describe('the structure hash its latest checkpoint was written with'),
        changes: graphChangesSchema.nullable().describe('what changed since that build; null when this server never served it'),
      }),
    )
    .describe('threads the served graph cannot resume (CHECKPOINT_GRAPH_MISMATCH): another build of it wrote their latest checkpoint'),
});

/** A `graph.error` event: a new build could not be served, the previous one still is. */
export const graphErrorData = z.object({ code: z.string(), message: z.string() });

/** The served graph's verdict on a thread of its own name (graph.checkThread()). */
export const threadVersion = z
  .object({
    status: z
      .enum(['current', 'compatible', 'needs-migration', 'blocked'])
      .describe(
        'current: this version wrote it; compatible: another version did and this one continues it as it is; needs-migration: registered migrations take it to this version first; blocked: this version cannot continue it (see reasons)',
      ),
    from: z
      .object({ hash: z.string(), version: z.string().optional() })
      .describe('the version that wrote its latest checkpoint: structure hash and label'),
    reasons: z.array(z.string()).describe('why this version cannot continue it as it is; empty when current or compatible'),
    migrations: z.array(z.string()).describe('the migrations that would take it to this version, in order'),
  })
  .nullable()
  .describe('whether the served graph can continue the thread; null for another graph’s thread or a latest checkpoint that cannot be read');

// Usage and budgets: what a thread's branch spent up to a checkpoint, its budget, and what is left.
const amount = z.number().min(0);
const usageSchema = z
  .object({
    tokens: amount,
    inputTokens: amount,
    outputTokens: amount,
    costUsd: amount.describe('US dollars, from the models’ reported tokens and a price table'),
    modelCalls: amount,
    toolCalls: amount,
    wallMs: amount.describe('milliseconds the thread’s runs spent running (time paused at an interrupt not counted)'),
  })
  .describe('what the thread’s branch spent up to the checkpoint, every run of it included');
const limits = {
  tokens: amount.optional(),
  costUsd: amount.optional(),
  modelCalls: amount.optional(),
  toolCalls: amount.optional(),
  wallMs: amount.optional(),
};
const budgetSchema = z
  .object({ ...limits, onExceeded: z.enum(['error', 'interrupt']).optional().describe('default error') })
  .describe('the thread’s budget (extensions a resume gave included)');
const threadUsage = {
  usage: usageSchema.nullable().describe('null when nothing was counted'),
  budget: budgetSchema.nullable().describe('null when the thread has no budget'),
  remaining: z.object(limits).nullable().describe('what is left of each limit the budget sets (0 when spent); null without a budget'),
};

export const threadRow = z.object({
  threadId: z.string(),
  status: checkpointStatus,
  step: z.number().int(),
  seq: z.number().int(),
  checkpointId: z.string(),
  updatedAt: z.number(),
  running: z.boolean().describe('a run of this server holds the thread'),
  graph: z
    .object({ name: z.string(), hash: z.string(), version: z.string().optional() })
    .nullable()
    .describe(
      'the graph its latest checkpoint was written by (name, structure hash and version label); null when that checkpoint cannot be read',
    ),
  otherGraph: z
    .boolean()
    .describe('written by another graph than the served one (another name): listed only with graph=all; its state cannot be read here'),
  version: threadVersion,
  // Of its latest checkpoint.
  ...threadUsage,
});

export const threadsResponse = z.object({ threads: z.array(threadRow) });

const frontierTask = z.object({
  node: z.string(),
  key: z.string().optional(),
  input: z.unknown().optional(),
  error: storedError.optional(),
});

export const stateResponse = z.object({
  threadId: z.string(),
  checkpointId: z.string(),
  parentId: z.string().nullable(),
  seq: z.number().int(),
  step: z.number().int(),
  status: checkpointStatus,
  source: checkpointSource,
  createdAt: z.number(),
  next: z.array(z.string()).describe('the nodes that run next'),
  frontier: z.array(frontierTask),
  interrupts: z.array(interruptRecord),
  state: z.unknown().optional(),
  output: z.unknown().optional(),
  error: storedError.optional(),
  running: z.boolean(),
  version: threadVersion,
  // Of this checkpoint.
  ...threadUsage,
});

export const historyRow = z.object({
  checkpointId: z.string(),
  parentId: z.string().nullable(),
  seq: z.number().int(),
  step: z.number().int(),
  status: z.union([checkpointStatus, z.literal('corrupt')]),
  source: z.union([checkpointSource, z.literal('-')]),
  createdAt: z.number(),
  next: z.array(z.string()),
  interrupts: z.array(interruptRecord),
  error: z.object({ code: z.string(), message: z.string() }).optional().describe('why the checkpoint cannot be read'),
  usage: usageSchema.optional().describe('what the thread had spent by this checkpoint, when something was counted'),
  budget: budgetSchema.optional().describe('the thread’s budget at this checkpoint, when it had one'),
});

export const historyResponse = z.object({
  threadId: z.string(),
  checkpoints: z.array(historyRow),
  more: z.object({ before: z.number().int() }).nullable().describe('pass `before` for the next page; null on the last'),
});

const runIds = {
  threadId: z.string(),
  runId: z.string(),
  events: z.string().describe("the thread's live events: GET it for SSE"),
};

export const runStartedResponse = z.object(runIds);

export const runEndResponse = z.object({
  ...runIds,
  status: z.enum(['done', 'interrupted', 'error']),
  checkpointId: z.string().optional().describe('the last checkpoint the run wrote'),
  output: z.unknown().optional().describe('a done run’s output'),
  interrupts: z.array(interruptRecord).optional().describe('an interrupted run’s pending interrupts'),
  error: storedError.optional().describe('a failed run’s error'),
});

export type GraphResponse = z.infer<typeof graphResponse>;
export type ThreadsResponse = z.infer<typeof threadsResponse>;
export type RunStartedResponse = z.infer<typeof runStartedResponse>;
export type RunEndResponse = z.infer<typeof runEndResponse>;

/**
 * The JTD schema of a decoded `CheckpointRecord` (checkpoint-record.ts), as
 * `recordShapeProblem` checks it. The values inside (state, inputs, outputs,
 * context values) are any data. What JTD cannot say is checked after it, in
 * record-shape-problem.ts: tuples, `seq` of at least 1, a finite `createdAt`,
 * a state that is a snapshot or patches, patch keys that lead to a prototype,
 * and usage and budget amounts that are finite and not negative.
 */
const string = { type: 'string' } as const;
const amount = { type: 'float64' } as const;
const usage = {
  properties: {
    tokens: amount,
    inputTokens: amount,
    outputTokens: amount,
    costUsd: amount,
    modelCalls: amount,
    toolCalls: amount,
    wallMs: amount,
  },
} as const;
const budget = {
  optionalProperties: {
    tokens: amount,
    costUsd: amount,
    modelCalls: amount,
    toolCalls: amount,
    wallMs: amount,
    onExceeded: { enum: ['error', 'interrupt'] },
  },
} as const;
const patch = {
  properties: { op: { enum: ['add', 'replace', 'remove'] }, path: { elements: {} } },
  optionalProperties: { value: {} },
  additionalProperties: true,
} as const;

export const checkpointRecordSchema = {
  definitions: {
    record: {
      properties: {
        graph: string,
        hash: string,
        threadId: string,
        id: string,
        parentId: { type: 'string', nullable: true },
        // uint32: a thread would need 4 billion checkpoints to pass it.
        seq: { type: 'uint32' },
        step: { type: 'uint32' },
        status: { enum: ['running', 'interrupted', 'done', 'error'] },
        source: { enum: ['input', 'step', 'resume', 'fork', 'migrate'] },
        createdAt: { type: 'float64' },
        state: { optionalProperties: { full: {}, patches: { elements: patch } }, additionalProperties: true },
        context: { values: {} },
        frontier: {
          elements: {
            properties: { node: string },
            optionalProperties: { key: string, input: {}, resume: { elements: {} }, sub: { ref: 'record' }, error: {} },
            additionalProperties: true,
          },
        },
        joins: {
          elements: {
            properties: { node: string, delivered: { elements: { elements: {} } }, skipped: { elements: string } },
            additionalProperties: true,
          },
        },
        skips: { elements: { elements: {} } },
        pending: {
          elements: {
            properties: { node: string, patches: { elements: patch } },
            optionalProperties: { key: string, output: {} },
            additionalProperties: true,
          },
        },
        interrupts: {
          elements: { properties: { id: string, address: string, path: { elements: string } }, additionalProperties: true },
        },
      },
      optionalProperties: {
        output: {},
        error: {},
        resumeValues: { elements: { elements: {} } },
        patched: { elements: string },
        version: string,
        usage,
        budget,
      },
      additionalProperties: true,
    },
  },
  ref: 'record',
} as const;

/**
 * JTD schemas of a run log's lines as a reader checks them (`checkRunLogLine`):
 * the fields a viewer relies on. Every object tolerates fields it does not
 * name, so a log written by a newer graph package still opens.
 */
export const runLogHeaderSchema = {
  properties: {
    type: { enum: ['run.log'] },
    // Compared with RUN_LOG_VERSION before this schema runs: an unknown version is its own error.
    version: { type: 'uint32' },
    graph: {
      properties: { name: { type: 'string' }, nodes: { elements: {} }, edges: { elements: {} } },
      additionalProperties: true,
    },
    ts: { type: 'float64' },
  },
  additionalProperties: true,
} as const;

/** An event line: event types this version does not know pass (the viewer skips them). */
export const runLogEventSchema = {
  properties: {
    type: { type: 'string' },
    step: { type: 'float64' },
    path: { elements: { type: 'string' } },
  },
  additionalProperties: true,
} as const;

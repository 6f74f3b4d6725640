// JTD schemas (RFC 8927) of the Chat Completions JSON, only the parts Weft reads.
// Every object tolerates fields it does not name (providers add their own), and
// fields that OpenAI-compatible servers send as `null` are nullable.
const string = { type: 'string', nullable: true } as const;

/** Counted only when both numbers are there: some servers send partial usage. */
const usage = {
  optionalProperties: { prompt_tokens: { type: 'float64' }, completion_tokens: { type: 'float64' } },
  additionalProperties: true,
  nullable: true,
} as const;

/** Any string: reasons outside OpenAI's list read as `'other'` (see `toFinishReason`). */
const finishReason = string;

const toolCall = {
  properties: {
    id: { type: 'string' },
    function: { properties: { name: { type: 'string' }, arguments: { type: 'string' } }, additionalProperties: true },
  },
  additionalProperties: true,
} as const;

/** A whole `chat.completion` body. */
export const chatCompletionSchema = {
  properties: {
    choices: {
      elements: {
        properties: {
          message: {
            optionalProperties: { content: string, tool_calls: { elements: toolCall, nullable: true } },
            additionalProperties: true,
          },
        },
        optionalProperties: { finish_reason: finishReason },
        additionalProperties: true,
      },
    },
  },
  optionalProperties: { usage },
  additionalProperties: true,
} as const;

const toolCallDelta = {
  properties: { index: { type: 'float64' } },
  optionalProperties: {
    id: string,
    function: { optionalProperties: { name: string, arguments: string }, additionalProperties: true, nullable: true },
  },
  additionalProperties: true,
} as const;

/** One `chat.completion.chunk`: the usage chunk at the end has no choices (or an empty list). */
export const chatCompletionChunkSchema = {
  optionalProperties: {
    choices: {
      elements: {
        optionalProperties: {
          delta: {
            optionalProperties: { content: string, tool_calls: { elements: toolCallDelta, nullable: true } },
            additionalProperties: true,
            nullable: true,
          },
          finish_reason: finishReason,
        },
        additionalProperties: true,
      },
      nullable: true,
    },
    usage,
  },
  additionalProperties: true,
} as const;

/** An error a server reports mid-stream; its `message`, when it has one, is what is shown. */
export const streamErrorSchema = {
  properties: { error: { optionalProperties: { message: { type: 'string' } }, additionalProperties: true } },
  additionalProperties: true,
} as const;

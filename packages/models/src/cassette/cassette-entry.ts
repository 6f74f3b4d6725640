import type { Message, MessageChunk, ModelCallOptions } from '@weft/chat-model';
import { jsonCopy } from './cassette-bytes.ts';
import type { JtdType } from '../compile-jtd.ts';
import { FINISH_REASONS } from '../is-finish-reason.ts';

/** The version every cassette line carries in `v`; a line with another version is rejected. */
export const CASSETTE_VERSION = 1;

// The JTD schemas (RFC 8927) of a cassette line; the types below come from them.
// Every object tolerates fields it does not name (`additionalProperties`), so
// messages with extra fields, and lines from newer recorders, still read.
const usage = {
  properties: { inputTokens: { type: 'float64' }, outputTokens: { type: 'float64' } },
  additionalProperties: true,
} as const;

/** Absent in cassettes older than finish reasons; otherwise one Weft knows. */
const finishReason = { enum: FINISH_REASONS } as const;

const message = {
  // Text, or content parts (their bytes as blob references on disk, resolved when read).
  properties: { role: { enum: ['system', 'user', 'assistant', 'tool'] }, content: {} },
  optionalProperties: {
    toolCalls: {
      elements: {
        properties: { id: { type: 'string' }, name: { type: 'string' }, arguments: { type: 'string' } },
        additionalProperties: true,
      },
    },
    toolCallId: { type: 'string' },
    name: { type: 'string' },
    usage,
    finishReason,
  },
  additionalProperties: true,
} as const;

const chunk = {
  optionalProperties: {
    content: { type: 'string' },
    toolCalls: {
      elements: {
        properties: { index: { type: 'float64' } },
        optionalProperties: { id: { type: 'string' }, name: { type: 'string' }, arguments: { type: 'string' } },
        additionalProperties: true,
      },
    },
    usage,
    finishReason,
  },
  additionalProperties: true,
} as const;

const request = {
  properties: {
    messages: { elements: message },
    tools: {
      elements: {
        properties: { name: { type: 'string' } },
        optionalProperties: { description: { type: 'string' }, parameters: {} },
        additionalProperties: true,
      },
    },
  },
  // Absent in cassettes recorded before structured output, and for calls that asked for none.
  optionalProperties: {
    output: {
      properties: { name: { type: 'string' }, schema: { values: {} } },
      optionalProperties: { description: { type: 'string' } },
      additionalProperties: true,
    },
  },
  additionalProperties: true,
} as const;

const error = {
  properties: { name: { type: 'string' }, message: { type: 'string' } },
  optionalProperties: { code: { type: 'string' } },
  additionalProperties: true,
} as const;

/**
 * One line of a cassette file. JTD cannot say "exactly one of" nor tie
 * `response` to `streamed`: `readCassette` checks those after the schema.
 */
export const cassetteEntrySchema = {
  properties: {
    v: { type: 'float64' },
    model: { type: 'string' },
    streamed: { type: 'boolean' },
    request,
    response: { optionalProperties: { message, chunks: { elements: chunk }, error }, additionalProperties: true },
  },
  additionalProperties: true,
} as const;

/** What a model call was sent, as a cassette stores and compares it (bytes as `Uint8Array`, as in the call). */
export type CassetteRequest = Omit<JtdType<typeof request>, 'messages'> & { messages: Message[] };

/** A failed call: enough to rethrow an error that reads (and, with `code`, checks) the same. */
export type CassetteError = JtdType<typeof error>;

type Shape = JtdType<typeof cassetteEntrySchema>;
// The schema checks a message's fields but not the parts of its content (any JSON): typed as the messages they were.
type Answers = { message: Message; chunks: MessageChunk[]; error: CassetteError };

/** How the call ended: a message (`generate`), the chunks in order (`stream`), or an error. */
export type CassetteResponse = Pick<Answers, 'message'> | Pick<Answers, 'chunks'> | Pick<Answers, 'error'>;

/** One line of a cassette file (JSONL): one model call and its answer. */
export type CassetteEntry = Omit<Shape, 'v' | 'request' | 'response'> & {
  v: typeof CASSETTE_VERSION;
  request: CassetteRequest;
  response: CassetteResponse;
};

/**
 * The request as it reads back from a cassette: JSON drops `undefined` fields,
 * so a live request is compared in this form, never as the raw objects.
 */
export function toCassetteRequest(
  messages: readonly Message[],
  { tools, output }: Partial<Pick<ModelCallOptions, 'tools' | 'output'>>,
): CassetteRequest {
  return jsonCopy({ messages, tools: tools ?? [], output }) as CassetteRequest;
}

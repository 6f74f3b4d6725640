import type { Message, MessageChunk, ModelCallOptions, OutputSpec, ToolSpec } from '@weft/chat-model';

/** The version every cassette line carries in `v`; a line with another version is rejected. */
export const CASSETTE_VERSION = 1;

/** What a model call was sent, as a cassette stores and compares it. */
export interface CassetteRequest {
  messages: Message[];
  tools: ToolSpec[];
  /** The structured output asked for; absent when the call asked for none (and in cassettes older than it). */
  output?: OutputSpec;
}

/** A failed call: enough to rethrow an error that reads (and, with `code`, checks) the same. */
export interface CassetteError {
  name: string;
  message: string;
  code?: string;
}

/** How the call ended: a message (`generate`), the chunks in order (`stream`), or an error. */
export type CassetteResponse = { message: Message } | { chunks: MessageChunk[] } | { error: CassetteError };

/** One line of a cassette file (JSONL): one model call and its answer. */
export interface CassetteEntry {
  v: typeof CASSETTE_VERSION;
  /** The recorded model's name. */
  model: string;
  request: CassetteRequest;
  response: CassetteResponse;
  streamed: boolean;
}

/**
 * The request as it reads back from a cassette: JSON drops `undefined` fields,
 * so a live request is compared in this form, never as the raw objects.
 */
export function toCassetteRequest(
  messages: readonly Message[],
  { tools, output }: Partial<Pick<ModelCallOptions, 'tools' | 'output'>>,
): CassetteRequest {
  return JSON.parse(JSON.stringify({ messages, tools: tools ?? [], output })) as CassetteRequest;
}

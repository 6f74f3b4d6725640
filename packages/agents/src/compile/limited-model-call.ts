import { concatMessageChunks, type ChatModel, type Message, type MessageChunk, type ModelCallOptions } from '@weft/chat-model';
import type { AgentError } from '../errors.ts';
import { modelOutputLimit, type ModelCallLimit, type ModelCallLimits } from '../limits/model-call-limits.ts';
import { utf8ByteLength } from '../limits/utf8-byte-length.ts';
import { takeCallController } from './take-call-controller.ts';

/** One model call: what to send, how (streamed or not), and the bounds it is held to. */
export interface LimitedModelCall {
  agent: string;
  model: ChatModel;
  messages: readonly Message[];
  options: ModelCallOptions;
  limits: Readonly<Required<ModelCallLimits>>;
  /** Streams the answer and gets each chunk within the bounds as it comes; without it, the call uses `generate`. */
  onChunk?: ((chunk: MessageChunk) => void) | undefined;
}

/**
 * Calls the model within `limits` (see ModelCallLimits). The model gets a
 * signal of its own for the call (see takeCallController), aborted when the caller's is, or with the
 * MODEL_OUTPUT_LIMIT error as its reason when a bound is crossed, so an
 * adapter stops reading; the stream is then left (its `finally` runs) and the
 * call rejects with that error, whatever the model does after. A chunk that
 * crosses a bound is not passed on. A model that ignores its signal at the
 * timeout is left behind: its late answer or failure is dropped.
 */
export async function limitedModelCall(call: LimitedModelCall): Promise<Message> {
  const { options, limits } = call;
  const { controller, release } = takeCallController(options.signal);
  const stop = (limit: ModelCallLimit): AgentError => {
    const err = modelOutputLimit(call.agent, call.model.name, limit, limits[limit]);
    controller.abort(err);
    return err;
  };
  const bounded = { ...call, options: { ...options, signal: controller.signal } };
  const answer = call.onChunk ? streamed(bounded, call.onChunk, stop) : generated(bounded, stop);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    if (limits.timeoutMs === Infinity) return await answer;
    // The race handles the answer's late failure too, once the timeout has won.
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(stop('timeoutMs')), limits.timeoutMs)));
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
    release();
  }
}

async function generated(call: LimitedModelCall, stop: (limit: ModelCallLimit) => AgentError): Promise<Message> {
  const message = await call.model.generate(call.messages, call.options);
  if (messageBytes(message) > call.limits.maxBytes) throw stop('maxBytes');
  return message;
}

async function streamed(
  call: LimitedModelCall,
  onChunk: (chunk: MessageChunk) => void,
  stop: (limit: ModelCallLimit) => AgentError,
): Promise<Message> {
  const { maxChunks, maxBytes } = call.limits;
  const chunks: MessageChunk[] = [];
  let bytes = 0;
  // Throwing inside for-await leaves the stream: its return() runs the generator's `finally`.
  for await (const chunk of call.model.stream(call.messages, call.options)) {
    if (chunks.length >= maxChunks) throw stop('maxChunks');
    bytes += chunkBytes(chunk);
    if (bytes > maxBytes) throw stop('maxBytes');
    chunks.push(chunk);
    onChunk(chunk);
  }
  return concatMessageChunks(chunks);
}

/** A chunk's text and tool-call pieces, in UTF-8 bytes (a malformed field counts nothing; the answer's check reports it). */
function chunkBytes(chunk: MessageChunk): number {
  let bytes = textBytes(chunk?.content) + textBytes(chunk?.reasoning);
  if (Array.isArray(chunk?.toolCalls))
    for (const d of chunk.toolCalls) bytes += textBytes(d?.id) + textBytes(d?.name) + textBytes(d?.arguments);
  return bytes;
}

function messageBytes(message: Message): number {
  let bytes = contentBytes(message?.content);
  if (Array.isArray(message?.toolCalls))
    for (const c of message.toolCalls) bytes += textBytes(c?.id) + textBytes(c?.name) + textBytes(c?.arguments);
  return bytes;
}

/** Text and reasoning parts count their text; media parts count nothing (they are not streamed text). */
function contentBytes(content: unknown): number {
  if (!Array.isArray(content)) return textBytes(content);
  let bytes = 0;
  for (const part of content as { text?: unknown }[]) bytes += textBytes(part?.text);
  return bytes;
}

const textBytes = (text: unknown): number => (typeof text === 'string' ? utf8ByteLength(text) : 0);

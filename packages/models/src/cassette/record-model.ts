import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ChatModel, ChatModelInfo, ContentPartType, Message, MessageChunk, ModelCallOptions } from '@weft/chat-model';
import { describeValue } from '../check-answer.ts';
import { ModelError } from '../errors.ts';
import { callOptions } from './call-options.ts';
import { jsonCopy, toBlobJson, type BlobLine } from './cassette-bytes.ts';
import { CASSETTE_VERSION, toCassetteRequest, type CassetteEntry, type CassetteError, type CassetteRequest } from './cassette-entry.ts';

export interface RecordModelOptions {
  /** The recording model's own name; default: the inner model's name. */
  name?: string;
}

/**
 * Wraps `inner` so that every call is also written to `file` as one JSON line
 * (see `CassetteEntry`), for `replayModel` to answer from later. Lines are
 * appended, so several runs can build one cassette; each line is written in one
 * `appendFile` and awaited before the call ends, so a crash never leaves half a line.
 * Calls that were aborted, and streams the caller left early, are not recorded:
 * they say nothing about what the model answers.
 *
 * @example
 * const model = recordModel(openAiModel, 'test/cassettes/weather.jsonl');
 */
export function recordModel(inner: ChatModel, file: string, options: RecordModelOptions = {}): ChatModel {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `recordModel(): ${what}, got ${describeValue(value)}`);
  };
  if (typeof inner !== 'object' || inner === null || typeof inner.generate !== 'function' || typeof inner.stream !== 'function')
    fail('inner must be a ChatModel (with generate and stream)', inner);
  if (typeof file !== 'string' || file === '') fail('file must be a non-empty string', file);
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const { name = inner.name } = options;
  if (typeof name !== 'string' || name === '') fail('options.name must be a non-empty string', name);
  return new RecordingModel(inner, file, name);
}

class RecordingModel implements ChatModel {
  readonly name: string;
  /** The inner model's: the calls are its calls. */
  readonly info?: ChatModelInfo;
  /** The inner model's: it refuses what it cannot take before the call is recorded. */
  readonly accepts?: readonly ContentPartType[];
  readonly #inner: ChatModel;
  readonly #file: string;
  /** The blobs this recorder wrote: each byte string goes to the file once. */
  readonly #written = new Set<string>();

  constructor(inner: ChatModel, file: string, name: string) {
    this.#inner = inner;
    this.#file = file;
    this.name = name;
    if (inner.info !== undefined) this.info = inner.info;
    if (inner.accepts !== undefined) this.accepts = inner.accepts;
  }

  async generate(messages: readonly Message[], options: Partial<ModelCallOptions> = {}): Promise<Message> {
    const call = callOptions(options);
    call.signal.throwIfAborted();
    const request = toCassetteRequest(messages, call);
    let message: Message;
    try {
      message = await this.#inner.generate(messages, call);
    } catch (err) {
      if (!call.signal.aborted) await this.#write(request, { error: toCassetteError(err) }, false);
      throw err;
    }
    await this.#write(request, { message }, false);
    return message;
  }

  async *stream(messages: readonly Message[], options: Partial<ModelCallOptions> = {}): AsyncGenerator<MessageChunk> {
    const call = callOptions(options);
    call.signal.throwIfAborted();
    const request = toCassetteRequest(messages, call);
    const chunks: MessageChunk[] = [];
    try {
      for await (const chunk of this.#inner.stream(messages, call)) {
        // Copied as it passes, so what the caller does with the chunk later cannot change the record.
        chunks.push(jsonCopy(chunk));
        yield chunk;
      }
    } catch (err) {
      if (!call.signal.aborted) await this.#write(request, { error: toCassetteError(err) }, true);
      throw err;
    }
    await this.#write(request, { chunks }, true);
  }

  async #write(request: CassetteRequest, response: CassetteEntry['response'], streamed: boolean): Promise<void> {
    const entry: CassetteEntry = { v: CASSETTE_VERSION, model: this.#inner.name, request, response, streamed };
    const blobs = new Map<string, Uint8Array>();
    const json = toBlobJson(entry, blobs);
    // The blob lines first, in the same append: a reader never meets a reference before its bytes.
    let line = '';
    for (const [hash, bytes] of blobs) {
      if (this.#written.has(hash)) continue;
      const blob: BlobLine = { v: CASSETTE_VERSION, blob: hash, base64: Buffer.from(bytes).toString('base64') };
      line += `${JSON.stringify(blob)}\n`;
    }
    line += `${json}\n`;
    await mkdir(dirname(this.#file), { recursive: true });
    await appendFile(this.#file, line, 'utf8');
    for (const hash of blobs.keys()) this.#written.add(hash);
  }
}

function toCassetteError(err: unknown): CassetteError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? { name: err.name, message: err.message, code } : { name: err.name, message: err.message };
}

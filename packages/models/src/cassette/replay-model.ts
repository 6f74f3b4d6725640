import { isDeepStrictEqual } from 'node:util';
import type { ChatModel, Message, MessageChunk, ModelCallOptions } from '@weft/chat-model';
import { describeValue } from '../check-answer.ts';
import { checkOutputSpec } from '../check-output-spec.ts';
import { ModelError } from '../errors.ts';
import { callOptions } from './call-options.ts';
import { toCassetteRequest, type CassetteEntry } from './cassette-entry.ts';
import { mismatchError } from './mismatch-error.ts';
import { readCassette, type CassetteLine } from './read-cassette.ts';
import { replayChunks, replayMessage } from './replay-answer.ts';

export interface ReplayModelOptions {
  /** Shown in events and errors; default `'replay'`. */
  name?: string;
  /**
   * `'request'` (default): each call takes the first unused entry whose request
   * equals it, so concurrent or reordered calls still find their answers.
   * `'sequential'`: each call takes the next entry, which must also match.
   */
  match?: 'request' | 'sequential';
}

/**
 * A `ChatModel` that answers from a cassette `recordModel` wrote: offline,
 * deterministic runs of an agent system against once-recorded model answers.
 * The file is read on the first call, so a missing or corrupt cassette is a
 * CASSETTE_INVALID rejection of that call; a request the cassette has no unused
 * answer for is CASSETTE_MISMATCH, with a diff against the closest recorded request.
 *
 * @example
 * const model = replayModel('test/cassettes/weather.jsonl');
 */
export function replayModel(file: string, options: ReplayModelOptions = {}): ChatModel {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `replayModel(): ${what}, got ${describeValue(value)}`);
  };
  if (typeof file !== 'string' || file === '') fail('file must be a non-empty string', file);
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const { name = 'replay', match = 'request' } = options;
  if (typeof name !== 'string' || name === '') fail('options.name must be a non-empty string', name);
  if (match !== 'request' && match !== 'sequential') fail('options.match must be "request" or "sequential"', match);
  return new ReplayingModel(file, name, match);
}

class ReplayingModel implements ChatModel {
  readonly name: string;
  readonly #file: string;
  readonly #sequential: boolean;
  #cassette: Promise<CassetteLine[]> | undefined;
  #used: boolean[] = [];
  #next = 0;

  constructor(file: string, name: string, match: 'request' | 'sequential') {
    this.#file = file;
    this.name = name;
    this.#sequential = match === 'sequential';
  }

  async generate(messages: readonly Message[], options: Partial<ModelCallOptions> = {}): Promise<Message> {
    return replayMessage(await this.#take(messages, options));
  }

  async *stream(messages: readonly Message[], options: Partial<ModelCallOptions> = {}): AsyncGenerator<MessageChunk> {
    const { signal } = callOptions(options);
    for (const chunk of replayChunks(await this.#take(messages, options))) {
      signal.throwIfAborted();
      yield chunk;
    }
  }

  /** The entry answering this call, marked used; taken synchronously once the cassette is loaded, so concurrent calls cannot share one. */
  async #take(messages: readonly Message[], options: Partial<ModelCallOptions>): Promise<CassetteEntry> {
    const call = callOptions(options);
    call.signal.throwIfAborted();
    checkOutputSpec(this.name, call.output);
    const request = toCassetteRequest(messages, call);
    this.#cassette ??= readCassette(this.#file);
    const lines = await this.#cassette;
    call.signal.throwIfAborted();
    if (this.#used.length !== lines.length) this.#used = lines.map(() => false);
    const matches = (i: number) => !this.#used[i] && isDeepStrictEqual(lines[i]?.entry.request, request);
    const index = this.#sequential ? (matches(this.#next) ? this.#next : -1) : lines.findIndex((_, i) => matches(i));
    const found = lines[index];
    if (!found) {
      const expected = this.#sequential && this.#next < lines.length ? { expected: this.#next } : {};
      throw mismatchError(request, { model: this.name, file: this.#file, lines, used: this.#used, ...expected });
    }
    this.#used[index] = true;
    if (this.#sequential) this.#next++;
    return found.entry;
  }
}

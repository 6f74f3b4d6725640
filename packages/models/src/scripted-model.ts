import type { ChatModel, Message, MessageChunk, ModelCallOptions, OutputSpec, ToolSpec } from '@weft/chat-model';
import { abortableDelay } from './abortable-delay.ts';
import { describeValue, isPositiveInteger } from './check-answer.ts';
import { checkOutputSpec } from './check-output-spec.ts';
import { ModelError } from './errors.ts';
import { functionAnswer } from './function-answer.ts';
import type { ScriptCallInfo, ScriptItem } from './script-item.ts';
import { toChunks, type ChunkPlan } from './to-chunks.ts';
import { toMessage, type MessageAnswer } from './to-message.ts';
import { validateScript } from './validate-script.ts';

/** Piece size for `stream: true` items when neither the item nor the model sets `chunkSize`. */
const DEFAULT_CHUNK_SIZE = 8;

export interface ScriptedModelOptions {
  /** Shown in events and errors; default `'scripted'`. */
  name?: string;
  /** When the script runs out, answer every further call with its last item instead of failing. */
  repeatLast?: boolean;
  /** `stream()` cuts text and tool-call arguments into pieces of this many characters (an item's own `chunkSize` wins). */
  chunkSize?: number;
  /**
   * Keep a copy of what each call was sent in `calls` (default true). Off,
   * `calls` stays empty and nothing is kept per call: for benchmarks, where
   * copying the history would dominate and a log would grow with every run.
   */
  record?: boolean;
}

/** One call the model received, copied when it arrived. */
export interface RecordedModelCall {
  readonly messages: Message[];
  readonly tools: ToolSpec[];
  readonly toolNames: string[];
  /** The structured output the call asked for (`ModelCallOptions.output`), when it did. */
  readonly output?: OutputSpec;
  readonly streamed: boolean;
}

/** A `ChatModel` that answers from a script and records what it was sent. `options` may be left out in tests. */
export interface ScriptedModel extends ChatModel {
  /** Every call so far, in order (calls with an already-aborted signal never reach the model and are not recorded). */
  readonly calls: readonly RecordedModelCall[];
  generate(messages: readonly Message[], options?: Partial<ModelCallOptions>): Promise<Message>;
  stream(messages: readonly Message[], options?: Partial<ModelCallOptions>): AsyncIterable<MessageChunk>;
  /** Rewinds the script to its first item and forgets the recorded calls. */
  reset(): void;
}

type PendingCall =
  | { failure: unknown }
  | {
      item: ScriptItem;
      index: number;
      callNumber: number;
      record: RecordedModelCall;
      signal: AbortSignal | undefined;
      /** What the call was sent, for function items (the record holds copies only when recording). */
      sent: { messages: readonly Message[]; tools: readonly ToolSpec[]; output: OutputSpec | undefined };
    };

/**
 * A deterministic chat model: each call (`generate` or `stream`) takes the next
 * script item. Items are checked here, so a malformed script fails at once.
 *
 * @example
 * const model = scriptedModel([{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { text: '3' }]);
 */
export function scriptedModel(script: readonly ScriptItem[], options: ScriptedModelOptions = {}): ScriptedModel {
  const { name, repeatLast, chunkSize, record } = checkOptions(options);
  validateScript(name, script);
  return new ScriptedChatModel(name, [...script], repeatLast, chunkSize, record);
}

class ScriptedChatModel implements ScriptedModel {
  readonly name: string;
  readonly #script: readonly ScriptItem[];
  readonly #repeatLast: boolean;
  readonly #chunkSize: number | undefined;
  readonly #record: boolean;
  #calls: RecordedModelCall[] = [];
  /** Calls made so far (the call log stays empty when not recording). */
  #callCount = 0;
  #next = 0;

  constructor(name: string, script: readonly ScriptItem[], repeatLast: boolean, chunkSize: number | undefined, record: boolean) {
    this.name = name;
    this.#script = script;
    this.#repeatLast = repeatLast;
    this.#chunkSize = chunkSize;
    this.#record = record;
  }

  get calls(): readonly RecordedModelCall[] {
    return this.#calls;
  }

  reset(): void {
    this.#calls = [];
    this.#callCount = 0;
    this.#next = 0;
  }

  async generate(messages: readonly Message[], options: Partial<ModelCallOptions> = {}): Promise<Message> {
    const { message } = await this.#answer(this.#begin(messages, options, false));
    return message;
  }

  stream(messages: readonly Message[], options: Partial<ModelCallOptions> = {}): AsyncIterable<MessageChunk> {
    // The item is taken now, in call order; the answer is worked out on the first next().
    return this.#chunks(this.#begin(messages, options, true));
  }

  async *#chunks(call: PendingCall): AsyncGenerator<MessageChunk> {
    const { message, plan } = await this.#answer(call);
    const signal = 'signal' in call ? call.signal : undefined;
    for (const chunk of toChunks(message, plan)) {
      signal?.throwIfAborted();
      yield chunk;
    }
  }

  #begin(messages: readonly Message[], options: Partial<ModelCallOptions>, streamed: boolean): PendingCall {
    const { signal, tools = [], output } = options;
    if (signal?.aborted) return { failure: signal.reason };
    let record: RecordedModelCall;
    try {
      checkOutputSpec(`scripted model "${this.name}"`, output);
      record = {
        messages: this.#record ? structuredClone([...messages]) : [],
        tools: this.#record ? structuredClone([...tools]) : [],
        toolNames: tools.map((t) => t.name),
        ...(output && this.#record ? { output: structuredClone(output) } : {}),
        streamed,
      };
    } catch (failure) {
      return { failure };
    }
    if (this.#record) this.#calls.push(record);
    const callNumber = ++this.#callCount;
    // Past the end: the last item again with repeatLast, else no item (index -1).
    const index = this.#next < this.#script.length ? this.#next++ : this.#repeatLast ? this.#script.length - 1 : -1;
    const item = index < 0 ? undefined : this.#script[index];
    if (item === undefined) {
      const items = `${this.#script.length} item${this.#script.length === 1 ? '' : 's'}`;
      const message = `scripted model "${this.name}" has no answer for call ${callNumber} (the script has ${items})`;
      return {
        failure: new ModelError('SCRIPT_EXHAUSTED', message, {
          details: { model: this.name, callNumber, scriptLength: this.#script.length },
        }),
      };
    }
    return { item, index, callNumber, record, signal, sent: { messages, tools, output } };
  }

  async #answer(call: PendingCall): Promise<{ message: Message; plan: ChunkPlan }> {
    if ('failure' in call) throw call.failure;
    const { index, callNumber, record, signal } = call;
    let answer = call.item;
    if (typeof answer === 'function') {
      // Function items always see what was sent: the recorded copies, or (not recording) fresh arrays of it.
      const messages = this.#record ? record.messages : [...call.sent.messages];
      const tools = this.#record ? record.tools : [...call.sent.tools];
      const output = this.#record ? record.output : call.sent.output;
      const info: ScriptCallInfo = { callNumber, index, tools, streamed: record.streamed, signal: signal ?? new AbortController().signal };
      if (output) info.output = output;
      answer = functionAnswer(this.name, await answer(messages, info), callNumber, index);
    }
    if (answer.delayMs) await abortableDelay(answer.delayMs, signal);
    signal?.throwIfAborted();
    if ('error' in answer) throw answer.error;
    return { message: toMessage(answer, callNumber), plan: this.#plan(answer) };
  }

  #plan(answer: MessageAnswer): ChunkPlan {
    const plan: ChunkPlan = {};
    if ('chunks' in answer && answer.chunks) plan.textPieces = [...answer.chunks];
    if (answer.stream === false) return plan;
    const size = answer.chunkSize ?? this.#chunkSize ?? (answer.stream ? DEFAULT_CHUNK_SIZE : undefined);
    if (size !== undefined) plan.chunkSize = size;
    return plan;
  }
}

function checkOptions(options: ScriptedModelOptions): {
  name: string;
  repeatLast: boolean;
  chunkSize: number | undefined;
  record: boolean;
} {
  const fail = (what: string, value: unknown): never => {
    throw new ModelError('INVALID_ARGUMENT', `scriptedModel(): ${what}, got ${describeValue(value)}`);
  };
  if (typeof options !== 'object' || options === null) fail('options must be an object', options);
  const { name = 'scripted', repeatLast = false, chunkSize, record = true } = options;
  if (typeof name !== 'string' || name === '') fail('options.name must be a non-empty string', name);
  if (typeof repeatLast !== 'boolean') fail('options.repeatLast must be a boolean', repeatLast);
  if (chunkSize !== undefined && !isPositiveInteger(chunkSize)) fail('options.chunkSize must be a positive integer', chunkSize);
  if (typeof record !== 'boolean') fail('options.record must be a boolean', record);
  return { name, repeatLast, chunkSize, record };
}

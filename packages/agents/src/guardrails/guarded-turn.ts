import { textOf, type Message, type MessageChunk, type ModelCallOptions } from '@weft/chat-model';
import { applyGuardrails, ReleaseGate, type Guardrail, type GuardrailEvent, type GuardrailStage, type NodeContext } from '@weft/graph';
import type { Draft } from 'immer';
import type { ChatModelSettings } from '../agents/chat-model-agent-config.ts';
import type { AgentRunState } from '../compile/agent-run-state.ts';
import { emitAgentEvent } from '../compile/emit-agent-event.ts';
import { AgentError } from '../errors.ts';
import { agentGuardrailError } from './agent-guardrail-error.ts';
import type { InputGuardrail } from './input-guardrail.ts';

/** One model call, streamed through `onChunk` when given. */
export type ModelCall = (
  messages: Message[],
  options: ModelCallOptions,
  onChunk: ((c: MessageChunk) => void) | undefined,
) => Promise<Message>;

/** Where a guarded model step runs. */
export interface GuardSite {
  agent: ChatModelSettings;
  ctx: NodeContext<AgentRunState>;
  runPath: string[];
}

const noop = (): void => undefined;
const chunkText = (c: MessageChunk): string => (typeof c?.content === 'string' ? c.content : '');

/**
 * The guardrails of one model step of an agent that has some: the input
 * guardrails at the agent's first call of the run ('before' ones ahead of
 * the call, 'parallel' ones beside it, its chunks held meanwhile), and the
 * output guardrails on the final answer, whose streamed chunks are held in a
 * ReleaseGate until the text so far passed. Made only for such agents: a
 * model step without guardrails never builds one.
 */
export class GuardedTurn {
  #gate: ReleaseGate<MessageChunk> | undefined;

  constructor(
    readonly site: GuardSite,
    /** Emits a chunk event; undefined when the run does not stream. */
    readonly emitChunk: ((chunk: MessageChunk) => void) | undefined,
  ) {}

  /** A model call of the step, with the input guardrails first when this agent has not checked this run's input yet. */
  async call(messages: Message[], options: ModelCallOptions, call: ModelCall): Promise<Message> {
    const { agent, ctx } = this.site;
    this.#gate?.drop();
    const state = ctx.state;
    const done = state.guardedInput?.[agent.name];
    if (done?.at === state.inputAt) {
      const msgs = done.input ? withInput(messages, state.input, done.input) : messages;
      return this.#finish(await this.#stream(msgs, options, call, false));
    }
    const all = agent.guardrails?.input ?? [];
    if (!all.length) return this.#finish(await this.#stream(messages, options, call, false));
    let input = state.input;
    const before = all.filter((g) => g.mode === 'before');
    if (before.length) input = await this.#apply(before, input, 'input', true);
    const parallel = all.filter((g) => g.mode === 'parallel');
    if (!parallel.length) {
      this.#record(input);
      return this.#finish(await this.#stream(withInput(messages, state.input, input), options, call, false));
    }
    return this.#parallel(parallel, input, withInput(messages, state.input, input), options, call);
  }

  /**
   * The model call starts at once, beside the parallel input guardrails; its
   * chunks wait in a closed gate. A trip aborts the call's signal (the
   * model's own, which follows it) and fails the step; a rewrite aborts it
   * and calls again with the rewritten input.
   */
  async #parallel(
    list: InputGuardrail[],
    input: Message[],
    messages: Message[],
    options: ModelCallOptions,
    call: ModelCall,
  ): Promise<Message> {
    const { ctx } = this.site;
    const guard = new AbortController();
    const signal = AbortSignal.any([options.signal ?? ctx.signal, guard.signal]);
    const answer = this.#stream(messages, { ...options, signal }, call, true);
    // Read below, after the check; a failure meanwhile must not count as unhandled.
    answer.catch(noop);
    let checked: Message[];
    try {
      checked = await this.#apply(list, input, 'input', true);
    } catch (err) {
      guard.abort(err);
      this.#gate?.drop();
      await answer.catch(noop);
      throw err;
    }
    this.#record(checked);
    if (checked !== input) {
      guard.abort(new AgentError('GUARDRAIL_TRIPPED', 'the input was rewritten: the call is made again with it'));
      this.#gate?.drop();
      await answer.catch(noop);
      return this.#finish(await this.#stream(withInput(messages, input, checked), options, call, false));
    }
    this.#gate?.open();
    return this.#finish(await answer);
  }

  /**
   * Calls the model. Its chunks go through a gate when they must wait: for a
   * parallel input check (`closed`) or for output guardrails' windows; a
   * window check that trips aborts the call.
   */
  #stream(messages: Message[], options: ModelCallOptions, call: ModelCall, closed: boolean): Promise<Message> {
    const emit = this.emitChunk;
    const outputs = this.site.agent.guardrails?.output ?? [];
    this.#gate = undefined;
    if (!emit || (!closed && !outputs.length)) return call(messages, options, emit);
    const stop = new AbortController();
    const gate = new ReleaseGate<MessageChunk>(
      {
        every: outputs[0]?.releaseEvery ?? 'sentence',
        textOf: chunkText,
        check: outputs.length ? (text) => this.#apply(outputs, text, 'output', false).then((v) => v === text) : () => Promise.resolve(true),
        release: emit,
        released: outputs.length ? (heldChars, heldMs) => this.#report(releaseEvent(outputs, heldChars, heldMs)) : undefined,
        onFailure: (err) => stop.abort(err),
      },
      closed,
    );
    this.#gate = gate;
    let tools = false;
    const onChunk = (chunk: MessageChunk) => {
      // Tool calls are not an answer: what is held goes out, the rest passes as it comes (once the input passed).
      if (!tools && chunk.toolCalls?.length && !closed) {
        tools = true;
        gate.flush();
      }
      if (tools) emit(chunk);
      else gate.push(chunk);
    };
    const signal = AbortSignal.any([options.signal ?? this.site.ctx.signal, stop.signal]);
    return call(messages, { ...options, signal }, onChunk).catch((err: unknown) => {
      throw gate.failure ? gate.failure.error : err;
    });
  }

  /** After the call: tool calls release what is held; an answer waits for the window checks under way. */
  async #finish(message: Message): Promise<Message> {
    const gate = this.#gate;
    if (!gate) return message;
    if (message.toolCalls?.length) {
      gate.flush();
      return message;
    }
    await gate.settled();
    if (gate.failure) throw gate.failure.error;
    return message;
  }

  /**
   * The final answer through the output guardrails (the text, or the
   * validated value of an outputSchema): held chunks are released when it
   * passed, dropped when it was rewritten or tripped. A rewrite replaces the
   * message's text and the value.
   */
  async answer(message: Message, value: unknown, structured: boolean): Promise<{ message: Message; value: unknown }> {
    const gate = this.#gate;
    this.#gate = undefined;
    const outputs = this.site.agent.guardrails?.output ?? [];
    if (!outputs.length) {
      gate?.flush();
      return { message, value };
    }
    const original = structured ? value : textOf(message);
    let checked: unknown;
    try {
      checked = await this.#apply(outputs, original, 'output', true);
    } catch (err) {
      gate?.drop();
      throw err;
    }
    if (checked === original) {
      gate?.flush();
      return { message, value };
    }
    gate?.drop();
    const text = structured ? JSON.stringify(checked) : String(checked);
    return { message: { ...message, content: text }, value: structured ? checked : text };
  }

  async #apply<T>(list: readonly Guardrail<T>[], value: T, stage: GuardrailStage, final: boolean): Promise<T> {
    const { agent, ctx } = this.site;
    const report = final ? (e: GuardrailEvent) => this.#report(e) : (e: GuardrailEvent) => e.action !== 'rewrite' && this.#report(e);
    try {
      const run = { stage, final, signal: ctx.signal, agent: agent.name, threadId: ctx.threadId, budget: ctx.budget, report };
      return await applyGuardrails(list, value, run);
    } catch (err) {
      throw agentGuardrailError(err);
    }
  }

  #report(guardrail: GuardrailEvent): void {
    const { agent, ctx, runPath } = this.site;
    emitAgentEvent(ctx, { type: 'guardrail', agentName: agent.name, runPath, guardrail });
  }

  /** This run's input was checked for this agent (with its rewrite, if any): a resumed step does not check it again. */
  #record(input: Message[]): void {
    const { agent, ctx } = this.site;
    const at = ctx.state.inputAt;
    const rewritten = input !== ctx.state.input;
    ctx.update((d: Draft<AgentRunState>) => {
      (d.guardedInput ??= {})[agent.name] = rewritten ? { at, input: input as Draft<Message>[] } : { at };
    });
  }
}

function releaseEvent(list: readonly Guardrail[], heldChars: number, heldMs: number): GuardrailEvent {
  return { name: list.map((g) => g.name).join(', '), stage: 'output', action: 'release', heldChars, heldMs };
}

/** The call's messages with the run's input (found by identity) replaced by its rewrite. */
function withInput(messages: Message[], original: readonly Message[], replacement: readonly Message[]): Message[] {
  if (original === replacement || original.length === 0) return messages;
  const at = messages.indexOf(original[0]!);
  if (at < 0 || original.some((m, i) => messages[at + i] !== m))
    throw new AgentError(
      'GUARDRAIL_FAILED',
      'an input guardrail rewrote the input, but the call does not carry the input messages as given (genModelInput or a context policy copied them); rewrite in genModelInput instead',
    );
  return [...messages.slice(0, at), ...replacement, ...messages.slice(at + original.length)];
}

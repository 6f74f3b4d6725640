import type { ChatModel, Message } from '@weft/chat-model';
import type { TokenCounter, Tokenizer } from './token-counter.ts';

/**
 * What a model call is about to send, as context policies see and reshape it.
 * `cacheBreakpoints`: indices of messages that end a prefix the provider may
 * cache (see cacheHint); the model gets them as `cacheBreakpoints` in its
 * call options (`ModelCallOptions`). A policy that changes the messages
 * should leave them out (trimToTokens does): their indices would then name
 * other messages.
 */
export interface ContextWindow {
  messages: Message[];
  cacheBreakpoints?: number[];
}

/** A change a policy made to the model's input that the run shows as a `context` agent event. */
export type ContextChange =
  | {
      kind: 'summary';
      /** The message that now stands for the older turns. */
      summary: Message;
      /** How many messages it replaced (in total, counting those an earlier summary replaced). */
      replaced: number;
      /** The name of the model that wrote it. */
      model: string;
    }
  | {
      kind: 'trim';
      /** Messages left out of this call. */
      dropped: number;
      /** The input's tokens after trimming, as the policy counted them. */
      tokens: number;
    };

/**
 * Where a policy runs: the agent, its model, the call's signal, and the
 * values policies recorded at the agent's earlier model calls. What a policy
 * records is part of the run's state, so it is in every checkpoint: a resumed
 * run or a fork reads it back instead of doing the work again.
 */
export interface ContextStep {
  readonly agentName: string;
  /** The model the agent is about to call. */
  readonly model: ChatModel;
  /** Aborts when the run is cancelled; pass it to any model call the policy makes. */
  readonly signal: AbortSignal;
  /** What was recorded under `key` at an earlier call of this agent (undefined when nothing was). */
  recorded(key: string): unknown;
  /** Records a value (plain data: it is checkpointed) under `key`, written with this model call's outcome. */
  record(key: string, value: unknown): void;
  /** Shows a change to the run's listeners as a `context` agent event. */
  emit(change: ContextChange): void;
  /**
   * A token counter for this call: `tokenizer`, or the one the model's name
   * implies. When that is the estimate (characters / 4), its counts are
   * scaled by what the provider reported: the input tokens of the agent's
   * previous answer (its `usage`) over the estimate of what that call sent,
   * kept between 0.25 and 4. The first call, and a model that reports no
   * usage, get the plain estimate. The scale is recorded with the call, so a
   * resumed run or a fork counts the same way.
   */
  countTokens(tokenizer?: Tokenizer): Promise<TokenCounter>;
}

/**
 * A context policy: a function from the model's input to the input to send.
 * An agent's `context` list runs in order on every model call, after the
 * history has been rewritten (historyRewriter) and before genModelInput.
 *
 * @example
 * // Keep the system messages and the newest five groups (a tool call stays with its results).
 * const lastFive: ContextPolicy = ({ messages }) => {
 *   const groups = turnGroups(messages).filter(([from]) => messages[from]!.role !== 'system');
 *   const kept = groups.slice(-5).flatMap(([from, to]) => messages.slice(from, to));
 *   return { messages: [...messages.filter((m) => m.role === 'system'), ...kept] };
 * };
 */
export type ContextPolicy = (window: ContextWindow, step: ContextStep) => ContextWindow | Promise<ContextWindow>;

import { systemMessage, textOf, userMessage, type ChatModel, type Message } from '@weft/chat-model';
import { AgentError } from '../errors.ts';
import type { ContextPolicy, ContextStep } from './context-policy.ts';
import { checkTokenizer, type Tokenizer } from './token-counter.ts';
import { turnGroups } from './turn-groups.ts';
import { transcriptOf } from './transcript-of.ts';

export interface SummarizeOptions {
  /** The model that writes the summary (a small, cheap one does). */
  model: ChatModel;
  /** When to summarise: as soon as the input has more tokens, or more messages, than this (either fires). */
  trigger: { tokens?: number; messages?: number };
  /** Newest messages kept as they are (default 6); moved earlier when it would split a tool call from its results. */
  keepLast?: number;
  /** The summary model's instruction (default: SUMMARY_INSTRUCTION). */
  instruction?: string;
  /** How tokens are counted for a `tokens` trigger (see Tokenizer). */
  tokenizer?: Tokenizer;
}

/** What summarize records: the message that replaces the first `covers` messages after the system messages. */
interface RecordedSummary {
  covers: number;
  message: Message;
}

const KEY = 'summary';
const PREFIX = 'Summary of the conversation so far:\n';

export const SUMMARY_INSTRUCTION =
  'Summarise the conversation below for the assistant that continues it. Keep the user’s goal and requests, ' +
  'decisions made, facts learned from tools (names, numbers, identifiers), and what is still open. Be brief; answer with the summary only.';

/**
 * A policy that replaces older turns with one summary message written by
 * `model`, once the trigger fires; the newest `keepLast` messages and the
 * system messages stay. The summary is recorded in the run's state (so in
 * its checkpoints): later calls reuse it, a resumed run or a fork from a
 * later checkpoint does not summarise again, and the trigger is checked on
 * the summarised input. A summary covers its predecessor when it fires again.
 * Each summary shows as a `context` event of kind `summary`.
 *
 * Put it before trimToTokens: it counts the messages it replaced by their
 * place in the history, which trimming would shift (and the summary, then
 * the first user message, is one trimming keeps). The summary is written
 * with the model call that follows it: when that call fails, the step's
 * writes go with it, and the call made on resuming summarises again.
 *
 * @example
 * chatModelAgent({ name: 'Helper', description: '', model, context: [summarize({ model: small, trigger: { tokens: 50_000 }, keepLast: 8 })] });
 */
export function summarize(options: SummarizeOptions): ContextPolicy {
  const { model, trigger } = options;
  const keepLast = options.keepLast ?? 6;
  const bad = (msg: string) => new AgentError('INVALID_ARGUMENT', `summarize: ${msg}`);
  if (!model || typeof model.generate !== 'function') throw bad('model must be a ChatModel');
  if (!Number.isInteger(keepLast) || keepLast < 0) throw bad('keepLast must be an integer ≥ 0');
  const limits = [trigger?.tokens, trigger?.messages].filter((n) => n !== undefined);
  if (limits.length === 0 || limits.some((n) => !Number.isInteger(n) || n < 1))
    throw bad('trigger must set tokens or messages, each a positive integer');
  checkTokenizer(options.tokenizer, 'summarize');
  return async (window, step) => {
    const head = leadingSystem(window.messages);
    const body = window.messages.slice(head);
    const earlier = step.recorded(KEY) as RecordedSummary | undefined;
    // A record that covers more than there is belongs to another history (an edited genModelInput): ignore it.
    const usable = earlier !== undefined && earlier.covers <= body.length ? earlier : undefined;
    const shown = usable ? [usable.message, ...body.slice(usable.covers)] : body;
    const system = window.messages.slice(0, head);
    if (!(await fires(options, step, [...system, ...shown]))) return usable ? { messages: [...system, ...shown] } : window;
    const cut = cutBefore(shown, shown.length - keepLast);
    if (cut <= (usable ? 1 : 0)) return usable ? { messages: [...system, ...shown] } : window;
    const summary = await write(options, step, shown.slice(0, cut));
    const covers = usable ? usable.covers + cut - 1 : cut;
    step.record(KEY, { covers, message: summary } satisfies RecordedSummary);
    step.emit({ kind: 'summary', summary, replaced: covers, model: model.name });
    return { messages: [...system, summary, ...shown.slice(cut)] };
  };
}

async function fires(options: SummarizeOptions, step: ContextStep, messages: readonly Message[]): Promise<boolean> {
  const { tokens, messages: count } = options.trigger;
  if (count !== undefined && messages.length > count) return true;
  if (tokens === undefined) return false;
  const counter = await step.countTokens(options.tokenizer);
  return counter.messages(messages) > tokens;
}

/** The summary message for `older`, from the summary model. */
async function write(options: SummarizeOptions, step: ContextStep, older: readonly Message[]): Promise<Message> {
  const request = [systemMessage(options.instruction ?? SUMMARY_INSTRUCTION), userMessage(transcriptOf(older))];
  let answer: Message;
  try {
    answer = await options.model.generate(request, { tools: [], signal: step.signal });
  } catch (err) {
    if (step.signal.aborted) throw err;
    throw new AgentError(
      'MODEL_FAILED',
      `agent "${step.agentName}": the summary model "${options.model.name}" failed: ${String((err as Error)?.message ?? err)}`,
      {
        cause: err,
      },
    );
  }
  return userMessage(PREFIX + textOf(answer));
}

/** Index of the first message that is not a system message. */
function leadingSystem(messages: readonly Message[]): number {
  let i = 0;
  while (i < messages.length && messages[i]!.role === 'system') i++;
  return i;
}

/** The largest group start at or before `at` (0 when none): the cut never splits a tool call from its results. */
function cutBefore(messages: readonly Message[], at: number): number {
  if (at >= messages.length) return messages.length;
  let cut = 0;
  for (const [from] of turnGroups(messages)) if (from <= at) cut = from;
  return cut;
}

/**
 * What a scripted support model reads from the messages it is given: the
 * customer's latest request (and the earlier ones, for a follow-up), what
 * this agent did since that request, and the results of every tool call
 * since then — its own as tool messages, the other agents' as the
 * `For context:` sentences the agent tree shows it. Nothing else is read,
 * so the same messages always give the same answer (a resumed run continues
 * exactly as one that never stopped).
 */
import { textOf, type Message } from '@weft/agents';

/** A tool's result since the latest request, and who ran it (`self` for this agent's own calls). */
export interface ToolResult {
  agent: string;
  tool: string;
  result: string;
}

/** What another agent said since the latest request. */
export interface Said {
  agent: string;
  text: string;
}

const CONTEXT = 'For context: ';
const CONTEXT_RESULT = /^For context: \[([^\]]+)\] `([^`]+)` tool returned result: ([\s\S]*)$/;
const CONTEXT_SAID = /^For context: \[([^\]]+)\] said: ([\s\S]*?)(?: \[[^\]]+\] called tool: [\s\S]*)?$/;

/**
 * The messages an agent's model is given, read for its rules.
 *
 * @example
 * const c = new Conversation(messages);
 * if (!c.called('lookup_invoice')) return { toolCalls: [{ name: 'lookup_invoice', arguments: { invoice_id: 'INV-1042' } }] };
 */
export class Conversation {
  readonly #messages: readonly Message[];
  readonly #request: number;

  constructor(messages: readonly Message[]) {
    this.#messages = messages;
    this.#request = messages.findLastIndex(isRequest);
  }

  /** The customer's latest message: what this turn is about. */
  get request(): string {
    const message = this.#messages[this.#request];
    return message ? textOf(message) : '';
  }

  /** Every message of the customer, oldest first: a follow-up ("It is INV-1042.") refers to an earlier one. */
  get requests(): string[] {
    return this.#messages.filter(isRequest).map((m) => textOf(m));
  }

  /** The company the coordinator's instruction names (from the `company` session value), if any. */
  get company(): string | undefined {
    const system = this.#messages.find((m) => m.role === 'system');
    return /support coordinator for ([^.{}]+)\./.exec(system ? textOf(system) : '')?.[1];
  }

  /** Has this agent called `tool` since the latest request (with arguments `matches`, when given)? */
  called(tool: string, matches: (args: Record<string, unknown>) => boolean = () => true): boolean {
    return this.#sinceRequest().some(
      (m) => m.role === 'assistant' && (m.toolCalls ?? []).some((c) => c.name === tool && matches(parseArguments(c.arguments))),
    );
  }

  /** Has this agent transferred to `agent` since the latest request? */
  transferredTo(agent: string): boolean {
    return this.called('transfer_to_agent', (args) => args['agent_name'] === agent);
  }

  /** The results of tool calls since the latest request, in order (transfers left out). */
  results(): ToolResult[] {
    return this.#sinceRequest().flatMap((m): ToolResult[] => {
      if (m.role === 'tool' && m.name !== 'transfer_to_agent') return [{ agent: 'self', tool: m.name ?? '', result: textOf(m) }];
      const match = m.role === 'user' ? CONTEXT_RESULT.exec(textOf(m)) : null;
      if (!match || match[2] === 'transfer_to_agent') return [];
      return [{ agent: match[1] ?? '', tool: match[2] ?? '', result: withoutAddedPeriod(match[3] ?? '') }];
    });
  }

  /** The latest result of `tool` since the latest request. */
  result(tool: string): string | undefined {
    return this.results().findLast((r) => r.tool === tool)?.result;
  }

  /** What the other agents said since the latest request, in order. */
  said(): Said[] {
    return this.#sinceRequest().flatMap((m): Said[] => {
      const match = m.role === 'user' ? CONTEXT_SAID.exec(textOf(m)) : null;
      return match ? [{ agent: match[1] ?? '', text: match[2] ?? '' }] : [];
    });
  }

  #sinceRequest(): readonly Message[] {
    return this.#messages.slice(this.#request + 1);
  }
}

/** A user message the customer wrote, not another agent's turn shown as context. */
function isRequest(message: Message): boolean {
  return message.role === 'user' && !textOf(message).startsWith(CONTEXT);
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A context sentence ends with a period the tree adds to a result that did not end one. */
function withoutAddedPeriod(text: string): string {
  return text.endsWith('.') && !text.endsWith('..') ? text.slice(0, -1) : text;
}

import type { AgentEvent, Message } from '@weft/agents';
import type { GuardrailEvent } from '@weft/graph';
import { contentLine } from './content-line.ts';
import { formatValue } from './format-value.ts';
import { terminalSafe } from './terminal-safe.ts';
import { truncate } from './truncate.ts';

const TRANSFER_TOOL = 'transfer_to_agent';
const RESULT_MAX = 200;

/**
 * Prints an agent run's events for people, as they arrive: a header
 * `[runPath] agent` whenever the speaking agent changes, then its text
 * (streamed chunk by chunk in streaming runs), tool calls with their
 * arguments, tool results cut to one line, transfers, errors, and what a
 * context policy did to the model's input (`context  A: left out 6 earlier
 * messages …`), and what a guardrail did (`guardrail no-card (output) tripped:
 * contains a card number`). Images, files and audio show as markers
 * (`[image image/png 41 KiB]`), never as their bytes. Interrupt
 * events are left to the outcome, which lists them with the resume command.
 * What models and tools say is data: every line is terminal-safe (newlines
 * and tabs of a message stay; escape sequences are shown, not obeyed).
 */
export class AgentEventPrinter {
  readonly #write: (text: string) => void;
  #speaker = '';
  /** A streamed text line is open (no newline written yet). */
  #inStream = false;
  /** The streamed text of the current message, so the whole message is not printed again. */
  #streamed = '';
  /** A high surrogate that ended the last chunk: it waits for its other half, so an emoji split across chunks is not escaped. */
  #heldSurrogate = '';
  /** Why each transfer call was made, by call id: the transfer line says it. */
  readonly #reasons = new Map<string, string>();

  constructor(write: (text: string) => void) {
    this.#write = write;
  }

  print(e: AgentEvent): void {
    if (e.action?.interrupted) return;
    // A released stream window is bookkeeping: the released text itself is what people see.
    if (e.type === 'guardrail' && e.guardrail.action === 'release') return;
    this.#header(e);
    if (e.type === 'guardrail') return this.#guardrail(e.guardrail);
    if (e.type === 'context') return this.#context(e.agentName, e.context);
    if (e.type === 'memory') return this.#memory(e.agentName, e.memory);
    const out = e.output;
    if (out?.stream) this.#chunk(out.stream.content ?? '');
    else if (out?.message && out.role === 'assistant') this.#assistant(out.message);
    else if (out?.message && out.role === 'tool') this.#toolResult(e, out.message);
    if (e.action?.transferToAgent) this.#transfer(e.action.transferToAgent.destAgentName, out?.message?.toolCallId);
    if (e.action?.exit) this.#line('exit');
    if (e.action?.breakLoop) this.#line('break loop');
    if (e.error && out?.role !== 'tool') this.#line(`error ${e.error.code}: ${e.error.message}`);
  }

  /** Ends an open streamed line (call once the run is over). */
  finish(): void {
    this.#endStream();
  }

  #header(e: AgentEvent): void {
    const speaker = `${e.runPath.join(' › ')}\u0000${e.agentName}`;
    if (speaker === this.#speaker) return;
    this.#endStream();
    this.#streamed = '';
    this.#speaker = speaker;
    this.#write(`${terminalSafe(`[${e.runPath.join(' › ')}] ${e.agentName}`)}\n`);
  }

  #chunk(text: string): void {
    if (!text) return;
    if (!this.#inStream) this.#write('  ');
    this.#inStream = true;
    this.#streamed += text;
    let shown = this.#heldSurrogate + text;
    this.#heldSurrogate = '';
    const last = shown.charCodeAt(shown.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.#heldSurrogate = shown.slice(-1);
      shown = shown.slice(0, -1);
    }
    this.#write(terminalSafe(shown, { lines: true }).replace(/\n/g, '\n  '));
  }

  #assistant(message: Message): void {
    const streamed = this.#streamed;
    this.#endStream();
    this.#streamed = '';
    const text = contentLine(message.content);
    if (text && text !== streamed) this.#line(text.replace(/\n/g, '\n  '));
    for (const call of message.toolCalls ?? []) {
      if (call.name === TRANSFER_TOOL) {
        const reason = parseArguments(call.arguments)['reason'];
        if (typeof reason === 'string') this.#reasons.set(call.id, reason);
        continue;
      }
      this.#line(`call ${call.name}(${truncate(call.arguments, RESULT_MAX)})`);
    }
  }

  #toolResult(e: AgentEvent, message: Message): void {
    const tool = e.output?.toolName ?? message.name ?? 'tool';
    if (e.action?.transferToAgent) return;
    if (e.error) return this.#line(`error in ${tool}: ${e.error.code}: ${truncate(e.error.message, RESULT_MAX)}`);
    this.#line(`result ${tool}: ${formatValue(contentLine(message.content), RESULT_MAX)}`);
  }

  /** One line per change a context policy made: the model was sent less than the whole history. */
  #context(agentName: string, change: Extract<AgentEvent, { type: 'context' }>['context']): void {
    const what =
      change.kind === 'trim'
        ? `left out ${count(change.dropped, 'earlier message')} (≈${change.tokens.toLocaleString('en-US')} tokens sent)`
        : `summarised ${count(change.replaced, 'earlier message')} (by ${change.model})`;
    this.#line(`context  ${agentName}: ${what}`);
  }

  /** One line per memory read or write: the keys, never the values. */
  #memory(agentName: string, m: Extract<AgentEvent, { type: 'memory' }>['memory']): void {
    const at = (ns: readonly string[], key: string) => `${ns.join('/')}:${key}`;
    let what: string;
    if (m.kind === 'recall') {
      const keys = m.items.map((i) => i.key).join(', ');
      const how = m.fallback ? `${m.mode}, no embedder` : m.mode;
      const left = m.otherBranches ? `; ${m.otherBranches} of other branches left out` : '';
      what = `recalled ${m.items.length ? keys : 'nothing'} from ${m.namespace.join('/')} (${how}${left})`;
    } else if (m.kind === 'write') what = `${m.status === 'written' ? 'remembered' : 'already remembered'} ${at(m.namespace, m.key)}`;
    else what = m.deleted ? `forgot ${at(m.namespace, m.key)}` : `nothing to forget at ${at(m.namespace, m.key)}`;
    this.#line(`memory   ${agentName}: ${truncate(what, RESULT_MAX)}`);
  }

  /** One line per trip, rewrite or check that failed open; the reason on one line, cut. */
  #guardrail(g: GuardrailEvent): void {
    const reason = g.reason ? `: ${truncate(terminalSafe(g.reason), RESULT_MAX)}` : '';
    let what: string;
    if (g.action === 'trip') what = `tripped${reason}`;
    else if (g.action === 'rewrite') what = `rewrote the ${REWRITTEN[g.stage]}${reason}`;
    else what = `failed open${reason}`;
    this.#line(`guardrail ${g.name} (${g.stage}) ${what}`);
  }

  #transfer(dest: string, callId: string | undefined): void {
    const reason = callId === undefined ? undefined : this.#reasons.get(callId);
    this.#line(`→ transfer to ${dest}${reason ? ` (${truncate(reason, RESULT_MAX)})` : ''}`);
  }

  #line(text: string): void {
    this.#endStream();
    this.#write(`  ${terminalSafe(text, { lines: true })}\n`);
  }

  #endStream(): void {
    if (!this.#inStream) return;
    this.#inStream = false;
    // A high surrogate the stream ended on has no other half coming: shown escaped.
    this.#write(`${terminalSafe(this.#heldSurrogate)}\n`);
    this.#heldSurrogate = '';
  }
}

/** What a rewrite at each stage replaced. */
const REWRITTEN: Record<GuardrailEvent['stage'], string> = {
  input: 'input',
  output: 'output',
  'tool-before': 'arguments',
  'tool-after': 'result',
};

const count = (n: number, noun: string): string => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

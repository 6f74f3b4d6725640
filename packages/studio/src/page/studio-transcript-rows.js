// @ts-check
/**
 * The transcript's rows, built the same way from a thread's recorded history
 * (GET …/transcript) and from its live events, so that a thread reads the
 * same whether it was watched or reopened. A row is an `<li>` with
 * `data-kind` (user, assistant, final, tool, transfer, interrupt, error,
 * context, input, output), `data-agent` (who wrote it; "" for the user) and, when an
 * event made it, `data-event-id`; its text sits in `.line` elements.
 */

/** @typedef {{ role: string, content: unknown, toolCalls?: { id: string, name: string, arguments: string }[], toolCallId?: string, name?: string }} TxMessage */

/** The tool a transfer is made with: its call becomes the transfer's row, not a tool row. */
const TRANSFER_TOOL = 'transfer_to_agent';

/**
 * A row: its kind, who, the event it comes from, and its lines.
 * @param {string} kind @param {string} agent @param {string} eventId @param {HTMLElement[]} lines
 */
function txRow(kind, agent, eventId, lines) {
  const li = el('li', `tx tx-${kind}`);
  li.dataset['kind'] = kind;
  li.dataset['agent'] = agent;
  if (eventId) li.dataset['eventId'] = eventId;
  const who = kind === 'user' ? 'You' : kind === 'input' ? 'Input' : kind === 'output' ? 'Output' : agent;
  if (who) li.append(el('span', 'who', who));
  const body = el('div', 'body');
  body.append(...lines);
  li.append(body);
  return li;
}

/** The arguments text of a call as a value (its JSON), or the text when it is not JSON. @param {string} text */
function callArguments(text) {
  const parsed = structuredValue(text);
  return parsed.ok ? parsed.value : text;
}

/** What an answer to an interrupt said: a tool approval's decision, or the value. @param {unknown} value */
function answerText(value) {
  if (isRecord(value) && typeof value['approved'] === 'boolean') {
    if (!value['approved']) return `rejected${typeof value['reason'] === 'string' ? `: ${value['reason']}` : ''}`;
    return value['arguments'] === undefined ? 'approved' : `approved with arguments ${JSON.stringify(value['arguments'])}`;
  }
  return `answered: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

/**
 * The rows' builder for one open thread: it remembers what later events
 * complete (a tool call's row its result fills, a transfer call's reason, an
 * interrupt's row its answer marks, the message being streamed, the answer
 * that may turn out final).
 */
class TranscriptRows {
  /** @type {Map<string, HTMLElement>} tool rows by call id, for their results */
  #tools = new Map();
  /** @type {Map<string, { to: string, reason: string }>} transfer calls by id, for their rows */
  #transfers = new Map();
  /** @type {Map<string, HTMLElement>} interrupt rows by interrupt id, for their answers */
  #interrupts = new Map();
  /** @type {Map<string, unknown>} answers given before their interrupt's row came */
  #answers = new Map();
  /** @type {HTMLElement | undefined} the message being streamed */
  #streaming;
  /** @type {HTMLElement | undefined} the run's last row, when it is an agent's answer (no calls after it) */
  #answer;
  /** @type {Set<string>} errors said in this run (an agent's error comes again as the run's) */
  #errors = new Set();
  /** @type {Set<string>} agents whose answers are structured */
  #structured;
  /** The open thread's images, files and audio (set when a thread opens). */
  media = new ThreadMedia(undefined);

  /** @param {GraphInfo} graph */
  constructor(graph) {
    this.#structured = structuredAgents(graph);
  }

  reset() {
    this.#tools.clear();
    this.#transfers.clear();
    this.#interrupts.clear();
    this.#answers.clear();
    this.#streaming = this.#answer = undefined;
    this.#errors = new Set();
  }

  /** A new run: what may be final or streamed belongs to the last one. */
  runStarted() {
    if (this.#streaming) delete this.#streaming.dataset['streaming'];
    this.#streaming = this.#answer = undefined;
    this.#errors = new Set();
  }

  /**
   * A message of the history or of a live event. `to`: a transfer's target
   * (a live transfer event says it; the history's call does).
   * @param {string} agent @param {TxMessage} m @param {string} eventId @param {{ transfer?: boolean, to?: string, failed?: ErrorInfo }} [how]
   * @returns {HTMLElement[]}
   */
  message(agent, m, eventId, how = {}) {
    if (m.role === 'user') return this.#finishRun([txRow('user', '', eventId, [contentView(m.content, this.media)])]);
    if (m.role === 'assistant') return this.#assistant(agent, m, eventId);
    if (m.role !== 'tool') return [];
    const call = m.toolCallId ?? '';
    if (how.transfer || m.name === TRANSFER_TOOL) return this.#notAnswer([this.#transfer(agent, call, eventId, how.to)]);
    const row = this.#tools.get(call);
    if (!row)
      return this.#notAnswer([
        toolRow(agent, m.name ?? '', '', call, eventId, { result: m.content, failed: how.failed, media: this.media }),
      ]);
    fillTool(row, m.content, how.failed, this.media);
    return [];
  }

  /** A streamed chunk: appended to the agent's message being streamed, or the start of one. @param {string} agent @param {string} text @param {string} eventId */
  chunk(agent, text, eventId) {
    if (this.#streaming && this.#streaming.dataset['agent'] === agent) {
      this.#streaming.querySelector('.line')?.append(text);
      return [];
    }
    // A model that only calls tools streams empty text: no row until there are words to show.
    if (text === '') return [];
    const row = txRow('assistant', agent, eventId, [el('p', 'line text', text)]);
    row.dataset['streaming'] = 'true';
    this.#streaming = row;
    this.#answer = undefined;
    return [row];
  }

  /** @param {InterruptRecord} i @param {string} eventId */
  interrupt(i, eventId) {
    if (this.#interrupts.has(i.id)) return [];
    const info = /** @type {Record<string, unknown>} */ (isRecord(i.info) ? i.info : {});
    const tool = typeof info['tool'] === 'string' ? info['tool'] : '';
    const asking = tool ? [...this.#tools.values()].reverse().find((r) => r.dataset['tool'] === tool) : undefined;
    const text = tool && 'arguments' in info ? `approve ${tool}(${JSON.stringify(info['arguments'])})` : pretty(i.info);
    const row = txRow('interrupt', asking?.dataset['agent'] ?? '', eventId, [el(tool ? 'p' : 'pre', 'line', text)]);
    row.dataset['interruptId'] = i.id;
    if (tool) row.dataset['tool'] = tool;
    this.#interrupts.set(i.id, row);
    if (this.#answers.has(i.id)) this.answered(i.id, this.#answers.get(i.id));
    return this.#notAnswer([row]);
  }

  /** An interrupt's answer (a resume's value for it). @param {string} id @param {unknown} value */
  answered(id, value) {
    const row = this.#interrupts.get(id);
    if (!row) return void this.#answers.set(id, value);
    row.querySelector('.answer')?.remove();
    row.querySelector('.body')?.append(el('p', 'line answer', answerText(value)));
    row.dataset['answered'] = 'true';
  }

  /**
   * An error, once per run (an agent's comes again as the run's, which may not
   * say its cause). A coded cause is named beside the code: an agent's
   * MODEL_FAILED (UNSUPPORTED_CONTENT) says what to fix; `data-code` is the
   * deepest cause's code.
   * @param {string} agent @param {ErrorInfo & { cause?: unknown }} error @param {string} eventId
   */
  error(agent, error, eventId) {
    if (this.#errors.has(error.message)) return [];
    this.#errors.add(error.message);
    const causes = [];
    for (let c = error.cause; isRecord(c) && typeof c['code'] === 'string' && causes.length < 4; c = c['cause']) causes.push(c['code']);
    const code = causes.length ? `${error.code} (${causes.join(' ← ')})` : error.code;
    const row = txRow('error', agent, eventId, [el('p', 'line', `${code}: ${error.message}`)]);
    row.dataset['code'] = causes.at(-1) ?? error.code;
    return this.#notAnswer([row]);
  }

  /**
   * A context policy changed what the agent's model is sent: a quiet row
   * under the agent (a summary's text folded beneath it).
   * @param {string} agent @param {ContextChange | undefined} change @param {string} eventId
   */
  context(agent, change, eventId) {
    if (!change) return [];
    const lines = [el('p', 'line', contextText(change))];
    if (change.kind === 'summary' && change.summary) {
      const box = el('details', 'line summary');
      box.append(el('summary', '', 'the summary'), contentView(change.summary.content, this.media));
      lines.push(box);
    }
    const row = txRow('context', agent, eventId, lines);
    row.dataset['context'] = change.kind;
    return [row];
  }

  /** A graph run's input or output. @param {'input' | 'output'} kind @param {unknown} value @param {string} eventId */
  value(kind, value, eventId) {
    return this.#notAnswer([txRow(kind, '', eventId, [typeof value === 'string' ? el('p', 'line text', value) : valueView(value)])]);
  }

  /**
   * The run ended with an answer: its last answer row becomes the final
   * one (with the validated value when the run gives it); rows returned
   * only when there was no such row (an answer that came from a tool).
   * @param {{ content?: unknown } | undefined} message @param {unknown} [value] the validated structured output @param {string} [eventId]
   */
  final(message, value, eventId = '') {
    const row = this.#answer;
    this.#answer = undefined;
    if (row) {
      row.dataset['kind'] = 'final';
      row.classList.add('tx-final');
      if (value !== undefined) row.querySelector('.body')?.replaceChildren(valueView(value));
      return [];
    }
    if (message?.content === undefined) return [];
    return [txRow('final', '', eventId, [value !== undefined ? valueView(value) : contentView(message.content, this.media)])];
  }

  /** @param {string} agent @param {TxMessage} m @param {string} eventId */
  #assistant(agent, m, eventId) {
    /** @type {HTMLElement[]} */
    const rows = [];
    const calls = m.toolCalls ?? [];
    const streamed = this.#streaming && this.#streaming.dataset['agent'] === agent ? this.#streaming : undefined;
    const text = typeof m.content === 'string' ? m.content !== '' : m.content !== undefined && m.content !== null;
    if (streamed) {
      streamed.querySelector('.body')?.replaceChildren(this.#said(agent, m.content));
      delete streamed.dataset['streaming'];
      this.#streaming = undefined;
      // Streamed whitespace that came to no words: the message is its tool calls alone.
      if (!text) streamed.remove();
    }
    const row = (text ? streamed : undefined) ?? (text ? txRow('assistant', agent, eventId, [this.#said(agent, m.content)]) : undefined);
    if (row && row !== streamed) rows.push(row);
    this.#answer = calls.length === 0 ? row : undefined;
    for (const call of calls) {
      if (call.name === TRANSFER_TOOL) this.#transfers.set(call.id, transferOf(call.arguments));
      else {
        const tool = toolRow(agent, call.name, call.arguments, call.id, eventId);
        this.#tools.set(call.id, tool);
        rows.push(tool);
      }
    }
    return rows;
  }

  /** @param {string} agent @param {string} call @param {string} eventId @param {string} [to] */
  #transfer(agent, call, eventId, to) {
    const known = this.#transfers.get(call);
    const target = to ?? known?.to ?? '';
    const lines = [el('p', 'line', `${agent} → ${target}`)];
    if (known?.reason) lines.push(el('p', 'line reason', known.reason));
    const row = txRow('transfer', agent, eventId, lines);
    row.dataset['to'] = target;
    return row;
  }

  /** The answer's lines: a structured agent's JSON as its value. @param {string} agent @param {unknown} content */
  #said(agent, content) {
    const parsed = this.#structured.has(agent) ? structuredValue(content) : { ok: false };
    return parsed.ok ? valueView(/** @type {{ value: unknown }} */ (parsed).value) : contentView(content, this.media);
  }

  /** Rows that are not an answer end the run's candidate final answer. @param {HTMLElement[]} rows */
  #notAnswer(rows) {
    if (rows.length > 0) this.#answer = undefined;
    return rows;
  }

  /** A user's message starts a run: the run before it, ended, had its answer. @param {HTMLElement[]} rows */
  #finishRun(rows) {
    if (this.#answer) this.final(undefined);
    this.runStarted();
    return rows;
  }
}

/**
 * A context policy's change as the row says it. `tokens` of a trim counts
 * the input the model is sent after it.
 * @typedef {{ kind: 'trim', dropped: number, tokens: number } | { kind: 'summary', replaced: number, model?: string, summary?: { content: unknown } }} ContextChange
 * @param {ContextChange} change
 */
function contextText(change) {
  const count = (/** @type {number} */ n, /** @type {string} */ what) => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;
  if (change.kind === 'trim')
    return `context: left out ${count(change.dropped, 'earlier message')} (the model is sent ≈ ${count(change.tokens, 'token')})`;
  return `context: summarised ${count(change.replaced, 'message')}${change.model ? ` (by ${change.model})` : ''}`;
}

/** A transfer call's target and reason, from its arguments. @param {string} args */
function transferOf(args) {
  const value = callArguments(args);
  const field = (/** @type {string} */ key) => (isRecord(value) && typeof value[key] === 'string' ? String(value[key]) : '');
  return { to: field('agent_name'), reason: field('reason') };
}

/**
 * A tool call and its result beneath it, folded (a failed one open).
 * @param {string} agent @param {string} name @param {string} args @param {string} call @param {string} eventId
 * @param {{ result: unknown, failed: ErrorInfo | undefined, media: ThreadMedia }} [done] its result, when it came with the call
 */
function toolRow(agent, name, args, call, eventId, done) {
  const box = /** @type {HTMLDetailsElement} */ (el('details', 'call'));
  box.append(el('summary', 'line', `${name}(${args})`));
  const row = txRow('tool', agent, eventId, [box]);
  row.dataset['tool'] = name;
  row.dataset['callId'] = call;
  row.dataset['status'] = 'pending';
  if (done && done.result !== undefined) fillTool(row, done.result, done.failed, done.media);
  return row;
}

/** A tool row's result. @param {HTMLElement} row @param {unknown} result @param {ErrorInfo | undefined} failed @param {ThreadMedia} media */
function fillTool(row, result, failed, media) {
  const box = /** @type {HTMLDetailsElement | null} */ (row.querySelector('details.call'));
  if (!box) return;
  box.querySelectorAll('.result').forEach((r) => r.remove());
  const out = typeof result === 'string' ? el('pre', 'line result', result) : contentView(result, media);
  out.classList.add('result');
  box.append(out);
  row.dataset['status'] = failed ? 'failed' : 'done';
  if (failed) {
    box.append(el('p', 'line result error-text', `${failed.code}: ${failed.message}`));
    box.open = true;
  }
}

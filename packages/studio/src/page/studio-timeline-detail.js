// @ts-check
/**
 * The timeline's detail: what one call was given and what it gave back. A
 * tool call: its arguments and its result (or error). A model call: its
 * answer (text and tool calls), then the messages it was sent, in order, each
 * folded under its role. Everything from the run goes in as text.
 */

/**
 * @param {HTMLElement} box the timeline's detail area
 * @param {TimelineCall} call
 * @param {number} runStart the run's start (the call's offset is from it)
 */
function showCallDetail(box, call, runStart) {
  const { start, end } = call;
  box.replaceChildren();
  box.dataset['callId'] = start.callId;
  const title = start.kind === 'model' ? `${start.agentName} · model call` : `${start.agentName} · ${start.toolName ?? ''}`;
  box.append(el('h3', '', title));
  const kv = el('dl', 'kv');
  /** @param {string} k @param {string} v */
  const row = (k, v) => kv.append(el('dt', '', k), el('dd', '', v));
  row('status', end?.status ?? 'running');
  row('started', `+${durationText(Math.max(0, start.ts - runStart))}`);
  if (end) row('took', durationText(end.durationMs));
  if (start.kind === 'model') modelFacts(row, start, end);
  else row('call id', start.toolCallId ?? '');
  box.append(kv);
  if (end?.error) box.append(el('h4', '', 'Error'), el('pre', 'error-text', `${end.error.code}: ${end.error.message}`));
  if (start.kind === 'model') modelDetail(box, start, end);
  else toolDetail(box, start, end);
}

/** @param {(k: string, v: string) => void} row @param {CallStart} start @param {CallEnd | undefined} end */
function modelFacts(row, start, end) {
  row('model', start.model ?? '');
  if (end?.responseModel) row('answered as', end.responseModel);
  if (end?.usage) row('tokens', tokenText(end.usage));
  if (end?.cost !== undefined) row('cost', `${costText(end.cost)} (price of ${end.priceModel ?? ''})`);
  if (end?.finishReason) row('finish reason', end.finishReason);
}

/** @param {HTMLElement} box @param {CallStart} start @param {CallEnd | undefined} end */
function modelDetail(box, start, end) {
  const section = el('section', 'tl-output');
  section.append(el('h4', '', 'Output'));
  const message = end?.message;
  if (!message) section.append(el('p', 'muted', end ? 'no answer' : 'waiting for the answer…'));
  else {
    if (message.content) section.append(el('p', 'text', message.content));
    for (const call of message.toolCalls ?? []) section.append(toolCallText(call));
  }
  box.append(section);
  const input = el('section', 'tl-input');
  const messages = start.messages;
  input.append(el('h4', '', messages ? `Input · ${messages.length} message${messages.length === 1 ? '' : 's'}` : 'Input'));
  if (!messages) input.append(el('p', 'muted', 'not seen: the call ran in another process'));
  const folds = (messages ?? []).map(inputMessage);
  const last = folds.at(-1);
  if (last) last.open = true;
  input.append(...folds);
  box.append(input);
}

/** One message the model was sent, folded under its role (the last one open). @param {ChatMessage} m */
function inputMessage(m) {
  const fold = /** @type {HTMLDetailsElement} */ (el('details', 'tl-message'));
  fold.dataset['role'] = m.role;
  const who = m.role === 'tool' ? `tool ${m.name ?? ''}` : m.role;
  const preview = m.content.length > 80 ? `${m.content.slice(0, 80)}…` : m.content;
  fold.append(el('summary', '', `${who}: ${preview}`));
  if (m.content) fold.append(el('pre', 'tl-text', m.content));
  for (const call of m.toolCalls ?? []) fold.append(toolCallText(call));
  return fold;
}

/** @param {{ name: string, arguments: string }} call */
function toolCallText(call) {
  const p = el('pre', 'tl-tool-call', `→ ${call.name}(${jsonText(call.arguments)})`);
  p.dataset['tool'] = call.name;
  return p;
}

/** @param {HTMLElement} box @param {CallStart} start @param {CallEnd | undefined} end */
function toolDetail(box, start, end) {
  const args = el('section', 'tl-input');
  args.append(el('h4', '', 'Arguments'), el('pre', 'tl-text', jsonText(start.arguments ?? '')));
  const result = el('section', 'tl-output');
  result.append(el('h4', '', 'Result'));
  if (end?.result !== undefined) result.append(el('pre', end.status === 'failed' ? 'tl-text error-text' : 'tl-text', jsonText(end.result)));
  else result.append(el('p', 'muted', end ? `none (${end.status})` : 'running…'));
  box.append(args, result);
}

/** JSON text indented, or the text as it is when it is not JSON. @param {string} text */
function jsonText(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

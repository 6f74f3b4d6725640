// @ts-check
/**
 * The events panel: what the runs of the open thread did, in order, one row
 * per thing a person reads — a run starting, an agent's message (streamed
 * chunks append to it), a tool call and its result, a transfer, an
 * interrupt, an error, a state change (the patched paths), the run's end.
 * Each row carries `data-kind` and the SSE id of its event (`data-event-id`).
 * Node starts and ends only light the graph.
 */

/** Rows kept; older ones go (a page cannot show a million rows anyway). */
const MAX_ROWS = 5_000;
/** Patched paths a state row names before "+N more". */
const PATHS_SHOWN = 6;

/**
 * @param {HTMLElement} list the `<ol>` the rows go in
 * @param {GraphMarks} marks
 */
function eventLog(list, marks) {
  /** @type {HTMLElement | undefined} the message row chunks are appended to */
  let streaming;
  const showState = /** @type {HTMLInputElement} */ (byId('show-state'));
  const showStateRows = () => list.classList.toggle('hide-state', !showState.checked);
  showState.addEventListener('change', showStateRows);
  showStateRows();
  // A frame's rows go in at once, and the panel's layout is read once per frame (whether it was scrolled to the bottom).
  const batch = frameBatch((rows) => {
    const panel = list.parentElement;
    const atBottom = !panel || panel.scrollTop + panel.clientHeight >= panel.scrollHeight - 24;
    const fragment = document.createDocumentFragment();
    for (const row of rows) fragment.append(row);
    list.append(fragment);
    while (list.childElementCount > MAX_ROWS) list.firstElementChild?.remove();
    if (panel && atBottom) panel.scrollTop = panel.scrollHeight;
  });
  /** @param {HTMLElement[]} rows */
  const add = (rows) => batch.push(rows);
  return {
    /** Shows the last row (the run's end, once the interrupts panel took its room): the queued rows go in first. */
    scrollToEnd() {
      batch.flush();
      const panel = list.parentElement;
      if (panel) panel.scrollTop = panel.scrollHeight;
    },
    clear() {
      batch.clear();
      list.replaceChildren();
      streaming = undefined;
    },
    /** One event of the thread's stream. @param {SseEvent} e @param {unknown} data its parsed data */
    add(e, data) {
      const d = /** @type {Record<string, unknown>} */ (isRecord(data) ? data : {});
      if (e.event === 'run') add([runRow(e.id, /** @type {RunStart} */ (d))]);
      else if (e.event === 'end') add([endRow(e.id, /** @type {RunEnd} */ (d))]);
      else if (e.event === 'graph') add(graphRows(e.id, /** @type {GraphEventData} */ (d), marks));
      else if (e.event === 'agent') {
        const a = /** @type {AgentEventData} */ (d);
        if (a.type === 'chunk') streaming = chunk(e.id, a, streaming, add);
        else {
          const streamed = a.type === 'message' && streaming?.dataset['agent'] === a.agentName ? streaming : undefined;
          add(agentRows(e.id, a, streamed));
          if (a.type === 'message') streaming = undefined;
        }
      }
      if (e.event === 'run' || e.event === 'end') streaming = undefined;
    },
  };
}

/**
 * A row: its kind, the event it comes from, who, and a text.
 * @param {string} kind @param {string} eventId @param {string} who @param {string} [text]
 */
function eventRow(kind, eventId, who, text) {
  const li = el('li', `ev ev-${kind}`);
  li.dataset['kind'] = kind;
  li.dataset['eventId'] = eventId;
  const head = el('div', 'head');
  head.append(el('span', 'tag kind', kind.replace('-', ' ')));
  if (who) head.append(el('span', 'who', who));
  li.append(head);
  if (text !== undefined && text !== '') li.append(el('p', 'text', text));
  return li;
}

/** @param {string} id @param {RunStart} d */
function runRow(id, d) {
  const row = eventRow('run', id, d.mode === 'run' ? 'run started' : `${d.mode} started`);
  row.dataset['mode'] = String(d.mode);
  row.dataset['runId'] = String(d.runId);
  row.querySelector('.head')?.append(el('span', 'muted', timeText(d.startedAt)));
  return row;
}

/** @param {string} id @param {RunEnd} d */
function endRow(id, d) {
  const row = eventRow('end', id, `run ${d.status}`);
  row.dataset['status'] = String(d.status);
  if (d.status === 'done') {
    const out = /** @type {{ finalMessage?: { content?: unknown }, finalOutput?: unknown } | undefined} */ (
      isRecord(d.output) ? d.output : undefined
    );
    const final = out?.finalMessage?.content;
    // An agent with an outputSchema ends with the validated value (finalOutput), not its message's JSON text.
    if (out && out.finalOutput !== undefined && typeof out.finalOutput !== 'string') row.append(valueView(out.finalOutput, 'final'));
    else
      row.append(
        el(typeof final === 'string' ? 'p' : 'pre', typeof final === 'string' ? 'text final' : 'final', pretty(final ?? d.output ?? null)),
      );
  } else if (d.status === 'interrupted') row.append(el('p', 'text', `waiting for ${d.interrupts?.length ?? 0} answer(s)`));
  else if (d.error) row.append(el('pre', 'error-text', `${d.error.code}: ${d.error.message}`));
  return row;
}

/** @param {string} id @param {GraphEventData} g @param {GraphMarks} marks */
function graphRows(id, g, marks) {
  const nodeId = [...(g.path ?? []), g.node ?? ''].join('/');
  switch (g.type) {
    case 'node.start':
      marks.start(nodeId);
      return [];
    case 'node.end':
      marks.end(nodeId);
      return [];
    case 'state.patch':
      return [stateRow(id, g)];
    case 'interrupt':
      return (g.interrupts ?? []).map((i) => {
        const row = eventRow('interrupt', id, i.path?.join('/') || i.address, pretty(i.info));
        row.dataset['interruptId'] = i.id;
        return row;
      });
    case 'error':
      marks.end(nodeId);
      return [eventRow('error', id, g.node ? nodeId : 'run', `${g.error?.code}: ${g.error?.message}`)];
    default:
      return [];
  }
}

/** A state change: the paths it patched, the patches folded under them. @param {string} id @param {GraphEventData} g */
function stateRow(id, g) {
  const patches = g.patches ?? [];
  const at = g.path && g.path.length > 0 ? `${g.path.join('/')} ▸ ` : '';
  const paths = patches.map((p) => `${p.op} ${at}${(p.path ?? []).join('/')}`);
  const row = eventRow('state', id, '');
  const box = el('details', 'patch');
  const more = paths.length > PATHS_SHOWN ? ` +${paths.length - PATHS_SHOWN} more` : '';
  box.append(el('summary', '', paths.slice(0, PATHS_SHOWN).join(' · ') + more), el('pre', '', pretty(patches)));
  row.append(box);
  return row;
}

/**
 * An agent event's rows; a `message` that ends a streamed one fills that row instead of adding one.
 * @param {string} id @param {AgentEventData} a @param {HTMLElement | undefined} streamed
 */
function agentRows(id, a, streamed) {
  const message = a.output?.message;
  switch (a.type) {
    case 'message': {
      const rows = [];
      if (streamed) {
        streamed.querySelector('.text')?.replaceChildren(message?.content ?? '');
        delete streamed.dataset['streaming'];
        if (!message?.content) streamed.remove();
      } else if (message?.content) rows.push(eventRow('message', id, a.agentName, message.content));
      for (const call of message?.toolCalls ?? []) {
        const row = eventRow('tool-call', id, a.agentName, `${call.name}(${call.arguments})`);
        row.dataset['tool'] = call.name;
        rows.push(row);
      }
      return rows;
    }
    case 'transfer': {
      const to = a.action?.transferToAgent?.destAgentName ?? '';
      const row = eventRow('transfer', id, `${a.agentName} → ${to}`);
      row.dataset['from'] = a.agentName;
      row.dataset['to'] = to;
      return [row];
    }
    case 'tool-result':
    case 'exit':
    case 'break':
      return [toolResultRow(id, a)];
    case 'error':
      return [eventRow('error', id, a.agentName, `${a.error?.code}: ${a.error?.message}`)];
    default:
      // 'interrupt': the graph's interrupt event shows it (with its id).
      return [];
  }
}

/** @param {string} id @param {AgentEventData} a */
function toolResultRow(id, a) {
  const tool = a.output?.toolName ?? a.output?.message?.name ?? '';
  const row = eventRow('tool-result', id, a.agentName, a.output?.message?.content ?? '');
  row.dataset['tool'] = tool;
  row.querySelector('.head')?.append(el('span', 'tag', a.type === 'tool-result' ? tool : `${tool} (${a.type})`));
  if (a.error) {
    row.classList.add('failed');
    row.append(el('pre', 'error-text', `${a.error.code}: ${a.error.message}`));
  }
  return row;
}

/**
 * A streamed chunk: appended to the agent's message being streamed, or the start of one.
 * @param {string} id @param {AgentEventData} a @param {HTMLElement | undefined} row @param {(rows: HTMLElement[]) => void} add
 * @returns {HTMLElement | undefined}
 */
function chunk(id, a, row, add) {
  const text = a.output?.stream?.content ?? '';
  if (row && row.dataset['streaming'] && row.dataset['agent'] === a.agentName) {
    const p = row.querySelector('.text');
    if (p) p.textContent = (p.textContent ?? '') + text;
    return row;
  }
  // A model that only calls tools streams empty text: no message row until there are words.
  if (text === '') return undefined;
  const fresh = eventRow('message', id, a.agentName);
  fresh.append(el('p', 'text', text));
  fresh.dataset['streaming'] = 'true';
  fresh.dataset['agent'] = a.agentName;
  add([fresh]);
  return fresh;
}

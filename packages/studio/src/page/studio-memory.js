// @ts-check
/**
 * The open thread's memory activity — each recall, write and forget its
 * agents' memory tools made (`memory` agent events) — as the Memory tab's
 * rows and as quiet rows of the transcript. Checkpoints do not keep these
 * events (an agent records its messages, and only the ids of its writes),
 * so they come from the thread's stream: a reopened thread shows its latest
 * run in this server. A key opens the item's current value from the
 * studio's memory bank (GET /api/memory) when the studio serves one.
 */

/**
 * A @weft/agents MemoryActivity.
 * @typedef {{ kind: 'recall', namespace: string[], query: string, mode: string, fallback?: string, items: { namespace: string[], key: string, score: number }[], otherBranches?: number }
 *   | { kind: 'write', namespace: string[], key: string, status: 'written' | 'duplicate', toolCallId?: string }
 *   | { kind: 'forget', namespace: string[], key: string, deleted: boolean, toolCallId?: string }} MemoryActivity
 */

/** The activity an SSE event carries, if it is an agent's `memory` event. @param {SseEvent} e @param {unknown} data */
function memoryActivityOf(e, data) {
  if (e.event !== 'agent' || !isRecord(data) || data['type'] !== 'memory' || !isRecord(data['memory'])) return undefined;
  return { agent: String(data['agentName'] ?? ''), memory: /** @type {MemoryActivity} */ (data['memory']) };
}

/**
 * The Memory tab's list: a row per activity of the open thread, in order.
 * @param {HTMLElement} list @param {GraphInfo} graph
 */
function memoryView(list, graph) {
  return {
    clear: () => list.replaceChildren(),
    /** @param {SseEvent} e @param {unknown} data */
    add(e, data) {
      const found = memoryActivityOf(e, data);
      if (found) list.append(memoryRow(found.agent, found.memory, e.id, graph.memoryBank === true));
    },
  };
}

/**
 * One activity's row: `data-kind` (recall, write, forget), `data-agent`,
 * `data-event-id`; its text in `.line` elements, a recall's keys in
 * `.memory-item`s.
 * @param {string} agent @param {MemoryActivity} m @param {string} eventId @param {boolean} bank the keys open their values
 */
function memoryRow(agent, m, eventId, bank) {
  const li = el('li', `memory-row memory-${m.kind}`);
  Object.assign(li.dataset, { kind: m.kind, agent, eventId });
  const body = el('div', 'body');
  li.append(el('span', 'who', agent), body);
  const where = m.namespace.join('/');
  if (m.kind === 'recall') {
    body.append(el('p', 'line', `recall “${m.query}” in ${where}`));
    body.append(el('p', 'line', m.fallback ? `${m.mode} · keywords: no embedder` : m.mode));
    const items = el('ul', 'memory-items');
    for (const item of m.items) {
      const row = el('li', 'memory-item');
      row.append(memoryKey(item.namespace, item.key, bank), el('span', 'score', item.score.toFixed(2)));
      items.append(row);
    }
    body.append(m.items.length ? items : el('p', 'line', 'nothing found'));
    if (m.otherBranches) body.append(el('p', 'line', `${m.otherBranches} from other branches left out`));
  } else if (m.kind === 'write') {
    const line = el('p', 'line', `${where} · `);
    line.append(memoryKey(m.namespace, m.key, bank), ` · ${m.status === 'duplicate' ? 'already written' : 'written'}`);
    body.append(line);
  } else {
    body.append(el('p', 'line', `${where} · ${m.key} · ${m.deleted ? 'deleted' : 'nothing to forget'}`));
  }
  return li;
}

/**
 * A key: plain text, or (with a bank) a button that shows the item's
 * current value beneath its row, or why there is none (MEMORY_NOT_FOUND
 * once forgotten).
 * @param {string[]} namespace @param {string} key @param {boolean} bank
 */
function memoryKey(namespace, key, bank) {
  if (!bank) return el('span', 'memory-key', key);
  const button = /** @type {HTMLButtonElement} */ (el('button', 'memory-key', key));
  button.type = 'button';
  button.title = 'Show what the memory bank holds under this key now';
  button.addEventListener('click', () => void showMemoryValue(button, namespace, key));
  return button;
}

/** @param {HTMLButtonElement} button @param {string[]} namespace @param {string} key */
async function showMemoryValue(button, namespace, key) {
  // An item's value goes inside its list item; a write's after its line. Clicking again reads it again.
  const item = button.closest('.memory-item');
  const line = /** @type {HTMLElement} */ (button.closest('.line') ?? button);
  const old = item
    ? item.querySelector('.memory-value')
    : line.nextElementSibling?.classList.contains('memory-value')
      ? line.nextElementSibling
      : null;
  old?.remove();
  const box = el('div', 'memory-value');
  box.dataset['key'] = key;
  if (item) item.append(box);
  else line.after(box);
  const query = `namespace=${encodeURIComponent(JSON.stringify(namespace))}&key=${encodeURIComponent(key)}`;
  try {
    const item = /** @type {{ value: unknown, updatedAt: number }} */ (await api('GET', `/api/memory?${query}`));
    const value =
      isRecord(item.value) && typeof item.value['text'] === 'string' && Object.keys(item.value).length === 1
        ? item.value['text']
        : item.value;
    box.append(el('pre', 'line', pretty(value)), el('p', 'line muted', `updated ${new Date(item.updatedAt).toLocaleString()}`));
  } catch (err) {
    const note = el('p', 'line form-error');
    showError(note, err);
    box.append(note);
  }
}

/**
 * The transcript's quiet row for an activity, under the agent: "recalled 2
 * memories: plan, lang", "remembered plan", "forgot plan".
 * @param {string} agent @param {MemoryActivity | undefined} m @param {string} eventId
 */
function memoryTranscriptRows(agent, m, eventId) {
  if (!m) return [];
  const row = txRow('memory', agent, eventId, [el('p', 'line', memorySummary(m))]);
  row.dataset['memory'] = m.kind;
  return [row];
}

/** @param {MemoryActivity} m */
function memorySummary(m) {
  if (m.kind === 'write') return `${m.status === 'duplicate' ? 'already remembered' : 'remembered'} ${m.key}`;
  if (m.kind === 'forget') return m.deleted ? `forgot ${m.key}` : `found nothing to forget as ${m.key}`;
  if (m.items.length === 0) return `recalled nothing for “${m.query}”`;
  const count = m.items.length === 1 ? '1 memory' : `${m.items.length} memories`;
  return `recalled ${count}: ${m.items.map((i) => i.key).join(', ')}`;
}

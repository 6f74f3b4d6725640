// @ts-check
/**
 * The threads list: the served graph's threads, most recently changed first,
 * each with its status and the checkpoint it stands at (`seq S, step N`, as
 * the history and the CLI name it) (`li[data-thread-id][data-status]`); a
 * click opens one. A store shared by several modules holds other graphs'
 * threads too: the "other graphs" toggle (or `?graph=all` in the page's
 * address) lists them, marked "another graph" with why (`data-other-graph`).
 * Refreshed when a run starts or ends, and by its button.
 */

/**
 * @param {GraphInfo} served
 * @param {(threadId: string) => void} open
 */
function threadList(served, open) {
  const list = byId('threads');
  const all = /** @type {HTMLInputElement} */ (byId('threads-all'));
  all.checked = new URLSearchParams(location.search).get('graph') === 'all';
  /** @type {string | undefined} */
  let current;
  /** @type {ThreadRow[]} */
  let threads = [];
  const render = () =>
    list.replaceChildren(
      ...threads.map((t) => {
        const li = el('li', 'thread');
        li.dataset['threadId'] = t.threadId;
        li.dataset['status'] = t.status;
        if (t.threadId === current) li.classList.add('selected');
        const b = button('', 'thread-row', () => open(t.threadId));
        const status = el('span', `status s-${t.running ? 'running' : t.status}`, t.running ? 'running' : t.status);
        b.append(el('span', 'id', t.threadId), status, el('span', 'muted', `${checkpointNumbers(t)} · ${timeText(t.updatedAt)}`));
        if (t.otherGraph) {
          li.dataset['otherGraph'] = 'true';
          const reason = otherGraphReason(t, served);
          b.append(el('span', 'tag other-graph', 'another graph'), el('span', 'muted reason', reason));
          b.title = reason;
        }
        li.append(b);
        return li;
      }),
    );
  return {
    /** Reads the list again (every graph's threads when the toggle is on). @returns {Promise<ThreadRow[]>} */
    async refresh() {
      const path = all.checked ? '/api/threads?graph=all' : '/api/threads';
      threads = /** @type {{ threads: ThreadRow[] }} */ (await api('GET', path)).threads;
      render();
      return threads;
    },
    /** @param {string | undefined} threadId */
    setCurrent(threadId) {
      current = threadId;
      render();
    },
    /** The listed row of a thread, if it is listed. @param {string} threadId */
    row: (threadId) => threads.find((t) => t.threadId === threadId),
    /** Calls back when the toggle changes. @param {() => void} changed */
    onToggle: (changed) => all.addEventListener('change', changed),
  };
}

/**
 * Why a thread is another graph's: its name differs (another module's), or
 * only its structure hash (the graph was changed since it was written).
 * @param {ThreadRow} t @param {GraphInfo} served
 */
function otherGraphReason(t, served) {
  const g = t.graph;
  if (!g) return 'its latest checkpoint cannot be read';
  if (g.name !== served.name)
    return `written by graph "${g.name}" (${g.hash}), not this page's "${served.name}": open it with that graph's module`;
  return `written by another structure of "${g.name}" (${g.hash}; this one is ${served.hash}): the graph changed since`;
}

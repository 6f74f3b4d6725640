// @ts-check
/**
 * The threads list: the store's threads, most recently changed first, each
 * with its status (`li[data-thread-id][data-status]`); a click opens one.
 * Refreshed when a run starts or ends, and by its button.
 */

/** @param {(threadId: string) => void} open */
function threadList(open) {
  const list = byId('threads');
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
        b.append(el('span', 'id', t.threadId), status, el('span', 'muted', `step ${t.step} · ${timeText(t.updatedAt)}`));
        li.append(b);
        return li;
      }),
    );
  return {
    /** Reads the list again. @returns {Promise<ThreadRow[]>} */
    async refresh() {
      threads = /** @type {{ threads: ThreadRow[] }} */ (await api('GET', '/api/threads')).threads;
      render();
      return threads;
    },
    /** @param {string | undefined} threadId */
    setCurrent(threadId) {
      current = threadId;
      render();
    },
  };
}

// @ts-check
/**
 * The threads list: the served graph's threads, most recently changed first,
 * each with its status and the checkpoint it stands at (`seq S, step N`, as
 * the history and the CLI name it) (`li[data-thread-id][data-status]`); a
 * click opens one. A store shared by several modules holds other graphs'
 * threads too: the "other graphs" toggle (or `?graph=all` in the page's
 * address) lists them, marked "another graph" with why (`data-other-graph`).
 * A thread another version of the served graph wrote is its own, with a badge
 * when this version cannot continue it as it is — "needs migration" or
 * "blocked" — and a quiet "older version" when it can (`data-version`); the
 * open thread lists the reasons above its conversation.
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
        if (t.version) li.dataset['version'] = t.version.status;
        const badge = versionBadge(t.version);
        if (badge) b.append(badge);
        if (t.version?.reasons.length) b.title = t.version.reasons.join('\n');
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
 * Why a thread is another graph's: another module's (its name differs), or
 * its latest checkpoint cannot be read.
 * @param {ThreadRow} t @param {GraphInfo} served
 */
function otherGraphReason(t, served) {
  const g = t.graph;
  if (!g) return 'its latest checkpoint cannot be read';
  return `written by graph "${g.name}" (${g.hash}), not this page's "${served.name}": open it with that graph's module`;
}

/** The words of a version verdict, as the badge shows them; none for a thread this version wrote. */
const VERSION_BADGES = { 'needs-migration': 'needs migration', blocked: 'blocked', compatible: 'older version' };

/**
 * The badge of a thread another version wrote: "needs migration" and
 * "blocked" stand out, "older version" (it continues as it is) stays quiet.
 * @param {ThreadVersion | null} version
 */
function versionBadge(version) {
  if (!version || version.status === 'current') return undefined;
  const badge = el('span', `tag version v-${version.status}`, VERSION_BADGES[version.status]);
  badge.title = `written by ${versionName(version.from)}`;
  return badge;
}

/** @param {{ hash: string, version?: string }} from */
const versionName = (from) => (from.version ? `version ${from.version} (${from.hash})` : `graph ${from.hash}`);

/**
 * Above the open thread's conversation: why the served version cannot
 * continue it as it is, and the migrations that would take it there; hidden
 * for a thread it continues.
 * @param {ThreadVersion | null | undefined} version
 */
function showThreadVersion(version) {
  const box = byId('thread-version');
  box.hidden = version?.status !== 'needs-migration' && version?.status !== 'blocked';
  if (!version || box.hidden) return void box.replaceChildren();
  box.dataset['version'] = version.status;
  const what =
    version.status === 'blocked'
      ? `This version cannot continue it, and no migration starts at ${versionName(version.from)}:`
      : `Migrations take it from ${versionName(version.from)} to this version (${version.migrations.join(', ')}) before it continues:`;
  const reasons = el('ul', 'version-reasons');
  reasons.append(...version.reasons.map((r) => el('li', '', r)));
  box.replaceChildren(/** @type {HTMLElement} */ (versionBadge(version)), el('span', '', ` ${what}`), reasons);
  reasons.hidden = version.reasons.length === 0;
}

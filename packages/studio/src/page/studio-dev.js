// @ts-check
/**
 * The served graph as it changes (`weft dev`): the page follows
 * GET /api/graph/events and, when the server serves a new build of the
 * target, has the graph drawn again in place (no page reload: the open
 * thread, its transcript and events stay) and says so in a notice
 * ("reloaded support.ts · graph 5e8202a1"). A build that failed to load is
 * said in the notice too, while the previous one stays drawn and served.
 * Threads the served graph cannot resume (another build wrote their latest
 * checkpoint) are flagged in the list with what changed, and a notice says
 * so when one is opened.
 */

/**
 * @typedef {{ added: string[], removed: string[], changed: { node: string, fields: string[] }[], edgesAdded: string[], edgesRemoved: string[] }} GraphChanges
 * @typedef {{ threadId: string, status: string, hash: string, changes: GraphChanges | null }} StaleThread
 * @typedef {{ name: string, hash: string, kind: string, source: string | null, previousHash: string | null, changes: GraphChanges | null, stale: StaleThread[] }} GraphEvent
 */

/** How a structure hash is shown (the terminal shows the same 8 characters). @param {string} hash */
const shortHash = (hash) => hash.slice(0, 8);

/**
 * Follows the served graph until the page closes.
 * @param {GraphInfo} graph the page's graph (its hash is what is drawn)
 * @param {() => Promise<void>} redraw reads /api/graph again and draws it (studio-main.js)
 */
function followGraph(graph, redraw) {
  const notice = el('div', 'dev-notice');
  notice.id = 'dev-notice';
  notice.setAttribute('role', 'status');
  notice.hidden = true;
  document.querySelector('main.studio')?.before(notice);
  const stale = staleMarks(graph, notice);
  /** @param {'reloaded' | 'failed' | 'stale'} state @param {string} text */
  const say = (state, text) => {
    notice.dataset['state'] = state;
    notice.textContent = text;
    notice.hidden = false;
  };
  /** @param {GraphEvent} data */
  const onGraph = async (data) => {
    // A replacement redraws even under the same hash: an instruction or a description changed.
    const replaced = data.previousHash !== null;
    if (replaced || data.hash !== graph.hash) {
      await redraw();
      say('reloaded', `reloaded ${data.source ?? graph.displayName} · graph ${shortHash(data.hash)}${staleText(data.stale)}`);
    } else if (notice.dataset['state'] === 'failed') notice.hidden = true;
    stale.set(data.stale, replaced);
  };
  void followStream('/api/graph/events', (e) => {
    const data = JSON.parse(e.data);
    if (e.event === 'graph') return onGraph(/** @type {GraphEvent} */ (data));
    if (e.event === 'graph.error') say('failed', `reload failed: ${String(data.message)} · still serving graph ${shortHash(graph.hash)}`);
    return Promise.resolve();
  });
}

/** @param {StaleThread[]} stale */
function staleText(stale) {
  if (stale.length === 0) return '';
  return ` · ${stale.length} thread${stale.length === 1 ? '' : 's'} cannot resume on it`;
}

/** What changed, in a line. @param {GraphChanges | null} c */
function changesText(c) {
  if (!c) return 'written by a build this studio did not serve';
  const parts = [
    c.added.length > 0 ? `added ${c.added.join(', ')}` : '',
    c.removed.length > 0 ? `removed ${c.removed.join(', ')}` : '',
    c.changed.length > 0 ? `changed ${c.changed.map((n) => `${n.node} (${n.fields.join(', ')})`).join(', ')}` : '',
    c.edgesAdded.length + c.edgesRemoved.length > 0 ? 'edges changed' : '',
  ].filter(Boolean);
  return parts.join('; ') || 'no node changed';
}

/**
 * The stale threads' flags: each listed row of one gets `data-stale` and a
 * line saying what changed (the list is drawn again on every refresh, so the
 * rows are flagged as they come), and opening one says it in the notice.
 * After a replacement that left threads stale, the list shows other graphs'
 * threads (its toggle), which stale ones are: they stay listed.
 * @param {GraphInfo} graph @param {HTMLElement} notice
 */
function staleMarks(graph, notice) {
  /** @type {Map<string, StaleThread>} */
  let staleById = new Map();
  const list = /** @type {HTMLElement} */ (document.getElementById('threads'));
  const flag = () => {
    for (const li of list.querySelectorAll('li[data-thread-id]')) {
      const t = staleById.get(/** @type {HTMLElement} */ (li).dataset['threadId'] ?? '');
      if (!t || li.querySelector('.stale-changes')) continue;
      /** @type {HTMLElement} */ (li).dataset['stale'] = 'true';
      li.append(el('span', 'stale-changes', `cannot resume: graph ${shortHash(t.hash)} wrote it; ${changesText(t.changes)}`));
    }
  };
  new MutationObserver(flag).observe(list, { childList: true });
  const events = /** @type {HTMLElement} */ (document.getElementById('events'));
  new MutationObserver(() => {
    const t = staleById.get(events.dataset['threadId'] ?? '');
    // What the notice said of the thread open before is not said of this one.
    if (!t) return void (notice.dataset['state'] === 'stale' && (notice.hidden = true));
    notice.dataset['state'] = 'stale';
    notice.textContent = `thread ${t.threadId} (${t.status}) cannot resume on graph ${shortHash(graph.hash)}: graph ${shortHash(t.hash)} wrote it; ${changesText(t.changes)}. Resuming it is refused (CHECKPOINT_GRAPH_MISMATCH); start a new thread, or go back to that build.`;
    notice.hidden = false;
  }).observe(events, { attributes: true, attributeFilter: ['data-thread-id'] });
  return {
    /** @param {StaleThread[]} stale @param {boolean} replaced */
    set(stale, replaced) {
      staleById = new Map(stale.map((t) => [t.threadId, t]));
      const all = /** @type {HTMLInputElement | null} */ (document.getElementById('threads-all'));
      if (replaced && stale.length > 0 && all && !all.checked) {
        all.checked = true;
        all.dispatchEvent(new Event('change'));
      }
      flag();
    },
  };
}

/**
 * Reads a Server-Sent Events stream of the API for as long as the page is
 * open, reconnecting after a drop (the stream opens with the current state,
 * so nothing missed meanwhile is lost). Each event is handled before the next.
 * @param {string} path @param {(e: SseEvent) => Promise<void>} onEvent
 */
async function followStream(path, onEvent) {
  const never = new AbortController().signal;
  let wait = RECONNECT_MIN_MS;
  for (;;) {
    try {
      const res = await authorizedFetch(path);
      if (!res.ok || !res.body) return;
      /** @type {SseEvent[]} */
      const queue = [];
      const parser = sseParser((e) => queue.push(e));
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        parser.push(r.value);
        while (queue.length > 0) await onEvent(/** @type {SseEvent} */ (queue.shift())).catch(() => {});
        wait = RECONNECT_MIN_MS;
      }
    } catch {
      // A dropped connection: reconnect.
    }
    await sleep(wait, never);
    wait = Math.min(wait * 2, RECONNECT_MAX_MS);
  }
}

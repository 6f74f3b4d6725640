// @ts-check
/**
 * The page's entry: takes the token, fetches the graph and draws it, then
 * wires the panels around the open thread — its live events (which light the
 * graph and fill the events panel), state, history and pending interrupts.
 * One thread is open at a time; opening another stops following the first.
 */

takeTokenFromHash();
initTokenForm();
const showTab = wireTabs();
wirePanes();
startStudio().catch((err) => {
  const note = el('div', 'form-error');
  showError(note, err);
  byId('canvas').replaceChildren(note);
  setPageStatus('error', `the page could not start: ${note.textContent}`);
});

async function startStudio() {
  const graph = /** @type {GraphInfo} */ (await api('GET', '/api/graph'));
  byId('title').textContent = graph.title;
  document.title = `${graph.title} · Weft Studio`;
  byId('graph-meta').textContent = `${graph.kind} ${graph.name} · ${graph.hash}`;
  const marks = mountGraph(graph);
  const studio = studioApp(graph, marks);
  await studio.refreshThreads();
  document.body.dataset['ready'] = 'true';
  setPageStatus('ready', '');
}

/** The bar's status: what the page is doing, or what went wrong (`data-state`: loading, ready, error…). @param {string} state @param {string} text */
function setPageStatus(state, text) {
  const s = byId('page-status');
  s.dataset['state'] = state;
  s.textContent = text;
}

/**
 * The panels and the open thread.
 * @param {GraphInfo} graph @param {GraphMarks} marks
 */
function studioApp(graph, marks) {
  /** @type {{ threadId: string | undefined, follow: AbortController | undefined, generation: number }} */
  const open = { threadId: undefined, follow: undefined, generation: 0 };
  const log = eventLog(byId('events'), marks);
  /**
   * What follows the open thread's stream besides the graph's marks: each view
   * is cleared when another thread opens and gets every event in order.
   * @type {{ clear: () => void, add: (e: SseEvent, data: unknown) => void }[]}
   */
  const views = [log, timelineView(byId('timeline'))];
  const threads = threadList((id) => openThread(id));
  const run = runForm(graph, { start: startRun, pick: (id) => openThread(id) });
  const interrupts = interruptPanel(graph, async (resume) => {
    if (open.threadId) await api('POST', threadPath(open.threadId, 'resume'), { resume });
  });
  const timeline = historyPanel(graph, async (body) => {
    if (open.threadId) await api('POST', threadPath(open.threadId, 'fork'), body);
  });
  const refreshThreads = async () => run.setThreads(await threads.refresh(), open.threadId);
  byId('threads-refresh').addEventListener('click', () => void refreshThreads().catch(() => {}));
  /** @param {InterruptRecord[]} pending */
  const waitOn = (pending) => {
    interrupts.show(pending);
    marks.waiting(pending.map((i) => (i.path ?? []).join('/')));
  };

  /** @param {string | undefined} threadId */
  function openThread(threadId) {
    open.follow?.abort();
    Object.assign(open, { threadId, follow: undefined, generation: open.generation + 1 });
    for (const view of views) view.clear();
    marks.reset();
    waitOn([]);
    timeline.clear();
    showThreadState(undefined);
    run.setStatus('idle');
    threads.setCurrent(threadId);
    void refreshThreads().catch(() => {});
    byId('events').dataset['threadId'] = threadId ?? '';
    if (!threadId) return setConnection('idle');
    const follow = (open.follow = new AbortController());
    const live = () => !follow.signal.aborted;
    void followEvents(
      threadId,
      {
        event: (e) => live() && onEvent(e),
        connection: (state) => live() && setConnection(state),
        failed: (err) => live() && showError(byId('events-error'), err),
      },
      follow.signal,
    );
    void refreshThread(threadId);
  }

  /** The thread's state, history and (when no run event says otherwise meanwhile) its status and interrupts. @param {string} threadId */
  async function refreshThread(threadId) {
    const generation = open.generation;
    void timeline.load(threadId).catch(() => {});
    try {
      const view = /** @type {StateView} */ (await api('GET', threadPath(threadId, 'state')));
      if (open.threadId !== threadId) return;
      showThreadState(view);
      if (generation !== open.generation) return;
      run.setStatus(view.running ? 'running' : view.status);
      waitOn(view.status === 'interrupted' && !view.running ? view.interrupts : []);
    } catch {
      // A thread whose run has written no checkpoint yet: its events come first.
    }
  }

  /** @param {SseEvent} e */
  function onEvent(e) {
    /** @type {unknown} */
    let data;
    try {
      data = JSON.parse(e.data);
    } catch {
      data = e.data;
    }
    if (e.event === 'run') {
      open.generation++;
      marks.reset();
      waitOn([]);
      run.setStatus('running');
      void refreshThreads().catch(() => {});
    }
    for (const view of views) view.add(e, data);
    byId('events').dataset['lastEventId'] = e.id;
    if (e.event === 'end' && open.threadId) {
      const end = /** @type {RunEnd} */ (data);
      open.generation++;
      marks.settle();
      run.setStatus(end.status);
      waitOn(end.status === 'interrupted' ? (end.interrupts ?? []) : []);
      log.scrollToEnd();
      void refreshThreads().catch(() => {});
      void refreshThread(open.threadId);
    }
  }

  /** @param {string | undefined} threadId @param {Record<string, unknown>} body */
  async function startRun(threadId, body) {
    const started = /** @type {StartedRun} */ (await api('POST', threadId ? threadPath(threadId, 'runs') : '/api/threads/new/runs', body));
    if (started.threadId !== open.threadId) openThread(started.threadId);
    run.setStatus('running');
    showTab('events');
  }

  return { refreshThreads };
}

/** @param {string} state */
function setConnection(state) {
  const c = byId('connection');
  c.dataset['state'] = state;
  c.textContent = state === 'idle' ? '' : state === 'live' ? '● live' : state;
  if (state === 'live') clearError(byId('events-error'));
}

/**
 * The panes (threads, conversation, graph, details) on a narrow window, where
 * one shows at a time: the pane tabs under the bar pick it (CSS hides the
 * tabs, and shows every pane, on a wide one).
 */
function wirePanes() {
  const tabs = [...document.querySelectorAll('[data-pane]')];
  /** @param {string} name */
  const show = (name) => {
    for (const t of tabs) t.setAttribute('aria-selected', String(t.getAttribute('data-pane') === name));
    for (const p of document.querySelectorAll('[data-pane-id]'))
      /** @type {HTMLElement} */ (p).dataset['paneOn'] = String(p.getAttribute('data-pane-id') === name);
  };
  for (const t of tabs) t.addEventListener('click', () => show(t.getAttribute('data-pane') || 'conversation'));
  show('conversation');
  return show;
}

/** The side's tabs (Events, History, State, Node); a node's details coming in show the Node tab. */
function wireTabs() {
  const tabs = [...document.querySelectorAll('[data-tab]')];
  /** @param {string} name */
  const show = (name) => {
    for (const t of tabs) t.setAttribute('aria-selected', String(t.getAttribute('data-tab') === name));
    for (const p of document.querySelectorAll('[data-tab-panel]'))
      /** @type {HTMLElement} */ (p).hidden = p.getAttribute('data-tab-panel') !== name;
  };
  for (const t of tabs) t.addEventListener('click', () => show(t.getAttribute('data-tab') || 'events'));
  new MutationObserver(() => show('node')).observe(byId('details-body'), { childList: true });
  return show;
}

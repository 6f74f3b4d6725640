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
  byId('graph-meta').textContent = `${graph.kind} ${graph.displayName} · ${graph.hash}`;
  const marks = mountGraph(graph);
  const studio = studioApp(graph, marks);
  // A new build of the target (weft dev) is drawn again in place: the panels keep `graph` and `marks`, updated.
  followGraph(graph, async () => {
    Object.assign(graph, /** @type {GraphInfo} */ (await api('GET', '/api/graph')));
    await marks.redraw();
    byId('graph-meta').textContent = `${graph.kind} ${graph.displayName} · ${graph.hash}`;
    await studio.refreshThreads();
  });
  setPageStatus('loading', 'loading the threads…');
  await studio.refreshThreads();
  // The queue's schedules (a studio served with --queue), read again until the page goes away; a studio without a
  // queue has none, and is not asked.
  if (graph.schedules === true) {
    const unloading = new AbortController();
    addEventListener('pagehide', () => unloading.abort(), { once: true });
    schedulesView(byId('schedules-panel'), byId('schedules'), unloading.signal);
  }
  // The controls that act on the graph or the threads wait for both (the page's HTML disables them).
  for (const c of document.querySelectorAll('[data-until-ready]')) /** @type {HTMLButtonElement} */ (c).disabled = false;
  document.body.dataset['ready'] = 'true';
  setPageStatus('ready', '');
}

/**
 * The bar's status: what the page is doing, or what went wrong (`data-state`:
 * loading, ready, error, other-graph…; `data-code`: the server's error code).
 * @param {string} state @param {string} text @param {string} [code]
 */
function setPageStatus(state, text, code = '') {
  const s = byId('page-status');
  s.dataset['state'] = state;
  s.dataset['code'] = code;
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
  const transcript = transcriptView(byId('transcript'), graph);
  const usage = usageView(byId('thread-usage'));
  /**
   * What follows the open thread's stream besides the graph's marks: each view
   * is cleared when another thread opens and gets every event in order.
   * @type {{ clear: () => void, add: (e: SseEvent, data: unknown) => void }[]}
   */
  const views = [log, transcript, timelineView(byId('timeline')), memoryView(byId('memory'), graph), marks, usage];
  const threads = threadList(graph, (id) => openThread(id));
  const run = runForm(graph, { start: (id, body) => act('the run', () => startRun(id, body)), pick: (id) => openThread(id) });
  const interrupts = interruptPanel(graph, (resume) => act('the answer', () => post('resume', { resume })));
  const timeline = historyPanel(graph, (body) => act('the fork', () => post('fork', body)));
  const refreshThreads = async () => run.setThreads(await threads.refresh(), open.threadId);
  byId('threads-refresh').addEventListener('click', () => void refreshThreads().catch(() => {}));
  threads.onToggle(() => void refreshThreads().catch(() => {}));

  /**
   * Does what a control asked; a refusal is said in the bar's status and the
   * run panel's (the control shows it next to itself too: the error is
   * thrown on), so the page never reads "done" or "running" after a request
   * that did not start anything.
   * @param {string} what @param {() => Promise<void>} action
   */
  async function act(what, action) {
    try {
      await action();
    } catch (err) {
      const e = /** @type {{ code?: unknown, message?: unknown }} */ (err && typeof err === 'object' ? err : {});
      const why = typeof e.code === 'string' ? `${e.code}: ${String(e.message)}` : String(e.message ?? err);
      setPageStatus('error', `${what} was refused: ${why}`, typeof e.code === 'string' ? e.code : '');
      run.setStatus('refused');
      throw err;
    }
  }

  /** Posts a resume or fork of the open thread; its run's events come on the thread's stream. @param {'resume' | 'fork'} kind @param {Record<string, unknown>} body */
  async function post(kind, body) {
    if (!open.threadId) throw new Error('open a thread first');
    await api('POST', threadPath(open.threadId, kind), body);
    run.setStatus('running');
  }
  /** @param {InterruptRecord[]} pending */
  const waitOn = (pending) => {
    interrupts.show(pending);
    marks.waiting(pending.map((i) => (i.path ?? []).join('/')));
  };

  /**
   * @param {string | undefined} threadId
   * @param {boolean} [fresh] a run was just started on it here, a new thread: the run's events are the whole of it
   */
  function openThread(threadId, fresh = false) {
    const before = open.threadId;
    open.follow?.abort();
    Object.assign(open, { threadId, follow: undefined, generation: open.generation + 1 });
    for (const view of views) view.clear();
    marks.reset();
    marks.openThread(threadId);
    waitOn([]);
    timeline.clear();
    showThreadState(undefined);
    showThreadVersion(threadId ? threads.row(threadId)?.version : undefined);
    run.setStatus('idle');
    threads.setCurrent(threadId);
    // What the bar said of the thread open before (a refusal, another graph) is not said of this one.
    if (threadId !== before && byId('page-status').dataset['state'] !== 'ready') setPageStatus('ready', '');
    void refreshThreads().catch(() => {});
    byId('events').dataset['threadId'] = threadId ?? '';
    if (!threadId) return setConnection('idle');
    const row = threads.row(threadId);
    if (row?.otherGraph) return showOtherGraph(row);
    if (fresh) transcript.follow(threadId);
    else void transcript.load(threadId);
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
      showThreadVersion(view.version);
      usage.show(view);
      if (generation !== open.generation) return;
      run.setStatus(view.running ? 'running' : view.status);
      waitOn(view.status === 'interrupted' && !view.running ? view.interrupts : []);
    } catch {
      // A thread whose run has written no checkpoint yet: its events come first.
    }
  }

  /**
   * Another graph's thread: its state cannot be read with this graph
   * (CHECKPOINT_GRAPH_MISMATCH), nor can it run here; the page says so and
   * shows its history, which reads without the graph.
   * @param {ThreadRow} row
   */
  function showOtherGraph(row) {
    const reason = `thread ${row.threadId} is another graph's: ${otherGraphReason(row, graph)}`;
    setConnection('idle');
    run.setStatus('another graph');
    setPageStatus('other-graph', reason);
    showThreadState(undefined, reason);
    void timeline.load(row.threadId).catch(() => {});
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
      // A run under way: a refusal said before is no longer what the page is doing.
      if (byId('page-status').dataset['state'] !== 'ready') setPageStatus('ready', '');
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
    if (started.threadId !== open.threadId) openThread(started.threadId, threadId === undefined);
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
 * A row of tabs: clicking one marks it selected (aria-selected) and reveals
 * the panels its name picks, hiding the others; the first is shown at once.
 * @param {string} tab the tabs' attribute, holding each one's name
 * @param {string} panel the panels' attribute, holding the name that shows each
 * @param {string} first
 * @param {(panel: HTMLElement, on: boolean) => void} reveal
 */
function tabList(tab, panel, first, reveal) {
  const tabs = [...document.querySelectorAll(`[${tab}]`)];
  /** @param {string} name */
  const show = (name) => {
    for (const t of tabs) t.setAttribute('aria-selected', String(t.getAttribute(tab) === name));
    for (const p of document.querySelectorAll(`[${panel}]`)) reveal(/** @type {HTMLElement} */ (p), p.getAttribute(panel) === name);
  };
  for (const t of tabs) t.addEventListener('click', () => show(t.getAttribute(tab) || first));
  show(first);
  return show;
}

/**
 * The panes (threads, conversation, graph, details) on a narrow window, where
 * one shows at a time: the pane tabs under the bar pick it (CSS hides the
 * tabs, and shows every pane, on a wide one).
 */
function wirePanes() {
  return tabList('data-pane', 'data-pane-id', 'conversation', (p, on) => (p.dataset['paneOn'] = String(on)));
}

/** The side's tabs (Events, Timeline, History, State, Node, Memory); a node's details coming in show the Node tab. */
function wireTabs() {
  const show = tabList('data-tab', 'data-tab-panel', 'events', (p, on) => (p.hidden = !on));
  new MutationObserver(() => show('node')).observe(byId('details-body'), { childList: true });
  return show;
}

// @ts-check
/**
 * The conversation column: the open thread as a person reads it — the
 * user's queries, each agent's messages under its name, tool calls with
 * their results, transfers, interrupts and their answers, errors, the final
 * answer (a graph: each run's input and output).
 *
 * A thread opened from the list shows its whole history first, every run of
 * it (GET …/transcript, read from the checkpoints), then the live events
 * newer than it (the transcript names the event it goes up to: `after`);
 * a thread this page just started a run on follows the run's events from
 * their start. Rows reach the page a frame at a time (frameBatch).
 */

/**
 * @typedef {{ type: 'message', agentName: string, message: TxMessage, transfer?: true }
 *   | { type: 'interrupt', interrupt: InterruptRecord, answered: boolean, answer?: unknown }
 *   | { type: 'error', error: ErrorInfo }
 *   | { type: 'input', value: unknown }
 *   | { type: 'output', value: unknown }} TranscriptItem
 * @typedef {{ threadId: string, checkpointId: string, status: string, after: string | null, items: TranscriptItem[] }} ThreadTranscript
 */

/** @param {HTMLElement} list the `<ol>` the rows go in @param {GraphInfo} graph */
function transcriptView(list, graph) {
  const rows = new TranscriptRows(graph);
  // Whether the reader keeps to the newest row: set by their scrolling, kept while rows come in and
  // while the column's panels (the interrupt's answer form) take room or give it back.
  // Rows out of view are sized by estimate until laid out (content-visibility), so the end moves once the
  // last rows are drawn: the page scrolls again a frame later, and its own scrolling never unsticks it.
  let stick = true;
  let own = false;
  const toEnd = () => {
    const before = list.scrollTop;
    list.scrollTop = list.scrollHeight;
    if (list.scrollTop !== before) own = true;
  };
  const keepEnd = () => {
    if (!stick) return;
    toEnd();
    requestAnimationFrame(() => stick && toEnd());
  };
  list.addEventListener(
    'scroll',
    () => {
      if (own) own = false;
      else stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
    },
    { passive: true },
  );
  new ResizeObserver(keepEnd).observe(list);
  const batch = frameBatch((added) => {
    const fragment = document.createDocumentFragment();
    for (const row of added) fragment.append(row);
    list.append(fragment);
    keepEnd();
  });
  let generation = 0;
  /**
   * Where the live events take over (undefined while the history loads): after the event `after`, and
   * not with the end of the run that wrote `checkpointId` (the history shows how it ended).
   * @type {{ after: string | null, checkpointId?: string } | undefined}
   */
  let cut;
  /** @type {[SseEvent, unknown][]} live events that came while the history loaded */
  let held = [];

  /** @param {SseEvent} e @param {unknown} data */
  const take = (e, data) => {
    if (cut && !newerThan(e.id, cut.after)) return;
    if (e.event === 'end' && isRecord(data) && data['checkpointId'] === cut?.checkpointId) return;
    batch.push(liveRows(rows, graph, e, isRecord(data) ? data : {}));
    if (e.event === 'end') batch.flush();
  };
  return {
    clear() {
      generation++;
      batch.clear();
      list.replaceChildren();
      stick = true;
      rows.reset();
      rows.media.dispose();
      rows.media = new ThreadMedia(undefined);
      cut = undefined;
      held = [];
    },
    /** A thread a run was just started on here: its events from the run's start are the whole of it. @param {string} threadId */
    follow(threadId) {
      rows.media = new ThreadMedia(threadId);
      cut = { after: null };
    },
    /** A thread opened from the list: its history, then the live events newer than it. @param {string} threadId */
    async load(threadId) {
      const mine = generation;
      rows.media = new ThreadMedia(threadId);
      /** @type {ThreadTranscript | undefined} */
      let history;
      try {
        history = /** @type {ThreadTranscript} */ (await api('GET', threadPath(threadId, 'transcript')));
      } catch {
        // Not readable here (another graph's thread, one without checkpoints): the live events are all there is.
      }
      if (mine !== generation) return;
      if (history) batch.push(historyRows(rows, history));
      cut = history ? { after: history.after, checkpointId: history.checkpointId } : { after: null };
      for (const [e, data] of held) take(e, data);
      held = [];
    },
    /** @param {SseEvent} e @param {unknown} data */
    add(e, data) {
      if (cut) take(e, data);
      else held.push([e, data]);
    },
  };
}

/**
 * Whether a stream event came after `after` (`<runId>.<n>` ids): a later
 * event of that run, or any event of another run (the stream keeps only the
 * run it had then, and later ones).
 * @param {string} id @param {string | null} after
 */
function newerThan(id, after) {
  if (after === null) return true;
  const dot = after.lastIndexOf('.');
  const run = after.slice(0, dot);
  if (!id.startsWith(`${run}.`) || id.lastIndexOf('.') !== dot) return true;
  return Number(id.slice(dot + 1)) > Number(after.slice(dot + 1));
}

/** @param {TranscriptRows} rows @param {ThreadTranscript} t */
function historyRows(rows, t) {
  /** @type {HTMLElement[]} */
  const out = [];
  for (const item of t.items) {
    if (item.type === 'message') out.push(...rows.message(item.agentName, item.message, '', { transfer: item.transfer === true }));
    else if (item.type === 'interrupt') {
      out.push(...rows.interrupt(item.interrupt, ''));
      if (item.answered) rows.answered(item.interrupt.id, item.answer);
    } else if (item.type === 'error') out.push(...rows.error('', item.error, ''));
    else out.push(...rows.value(item.type, item.value, ''));
  }
  if (t.status === 'done') out.push(...rows.final(undefined));
  return out;
}

/**
 * The rows of one live event.
 * @param {TranscriptRows} rows @param {GraphInfo} graph @param {SseEvent} e @param {Record<string, unknown>} d
 * @returns {HTMLElement[]}
 */
function liveRows(rows, graph, e, d) {
  if (e.event === 'run') {
    rows.runStarted();
    for (const [id, value] of Object.entries(/** @type {RunStart & { resume?: Record<string, unknown> }} */ (d).resume ?? {}))
      rows.answered(id, value);
    return [];
  }
  if (e.event === 'end') return endRows(rows, graph, e.id, /** @type {RunEnd} */ (d));
  if (e.event === 'agent') return agentEventRows(rows, e.id, /** @type {AgentEventData} */ (d));
  if (e.event !== 'graph') return [];
  const g = /** @type {GraphEventData & { input?: unknown }} */ (d);
  if (g.type === 'interrupt') return (g.interrupts ?? []).flatMap((i) => rows.interrupt(i, e.id));
  if (g.type !== 'run.start' || g.input === undefined || (g.path ?? []).length > 0) return [];
  if (graph.kind !== 'agent') return rows.value('input', g.input, e.id);
  const input = /** @type {{ messages?: TxMessage[] }} */ (isRecord(g.input) ? g.input : {});
  return (input.messages ?? []).filter((m) => m.role === 'user').flatMap((m) => rows.message('', m, e.id));
}

/** @param {TranscriptRows} rows @param {string} id @param {AgentEventData} a @returns {HTMLElement[]} */
function agentEventRows(rows, id, a) {
  const message = /** @type {TxMessage | undefined} */ (a.output?.message);
  switch (a.type) {
    case 'chunk':
      return rows.chunk(a.agentName, a.output?.stream?.content ?? '', id);
    case 'message':
      return message ? rows.message(a.agentName, message, id) : [];
    case 'transfer':
      return message ? rows.message(a.agentName, message, id, { transfer: true, to: a.action?.transferToAgent?.destAgentName }) : [];
    case 'tool-result':
    case 'exit':
    case 'break':
      return message ? rows.message(a.agentName, message, id, a.error ? { failed: a.error } : {}) : [];
    case 'error':
      return a.error ? rows.error(a.agentName, a.error, id) : [];
    case 'context':
      return rows.context(a.agentName, /** @type {{ context?: ContextChange }} */ (a).context, id);
    case 'memory':
      return memoryTranscriptRows(a.agentName, /** @type {{ memory?: MemoryActivity }} */ (a).memory, id);
    case 'guardrail':
      return guardrailTranscriptRows(a.agentName, /** @type {{ guardrail?: GuardrailEventData }} */ (a).guardrail, id);
    default:
      return [];
  }
}

/** @param {TranscriptRows} rows @param {GraphInfo} graph @param {string} id @param {RunEnd} d */
function endRows(rows, graph, id, d) {
  if (d.status === 'error') return d.error ? rows.error('', d.error, id) : [];
  if (d.status !== 'done') return [];
  if (graph.kind !== 'agent') return rows.value('output', d.output, id);
  const out = /** @type {{ finalMessage?: { content?: unknown }, finalOutput?: unknown }} */ (isRecord(d.output) ? d.output : {});
  const value = out.finalOutput !== undefined && typeof out.finalOutput !== 'string' ? out.finalOutput : undefined;
  return rows.final(out.finalMessage, value, id);
}

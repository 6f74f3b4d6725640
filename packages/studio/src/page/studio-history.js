// @ts-check
/**
 * The thread's checkpoints as a timeline, newest first, a page at a time
 * (`more.before`). A checkpoint whose parent is not the one listed below it
 * starts a branch (`data-branch`, "⑂ from #n"); checkpoints off the newest
 * one's line of parents are older branches, indented. Picking one shows its
 * state and a "Fork from here" form: `goto` a node, `update` top-level state
 * keys, `input` for the goto node.
 */

const HISTORY_PAGE = 20;

/**
 * @param {GraphInfo} graph
 * @param {(body: Record<string, unknown>) => Promise<void>} fork posts the fork of the open thread
 */
function historyPanel(graph, fork) {
  const list = byId('history');
  const more = byId('history-more');
  /** @type {CheckpointRow[]} */
  let rows = [];
  /** @type {string | undefined} */
  let threadId;
  /** @type {number | undefined} */
  let before;
  /** @type {string | undefined} */
  let selected;
  const render = () => list.replaceChildren(...timelineRows(rows, selected, pick));
  /** @param {string} id @param {number} [older] */
  const fetchPage = async (id, older) => {
    const q = older === undefined ? `history?limit=${HISTORY_PAGE}` : `history?limit=${HISTORY_PAGE}&before=${older}`;
    return /** @type {HistoryPage} */ (await api('GET', threadPath(id, q)));
  };
  /** @param {CheckpointRow} row */
  async function pick(row) {
    if (!threadId) return;
    selected = row.checkpointId;
    render();
    showCheckpoint(row);
    forkForm.show(row);
    const id = threadId;
    const state = byId('checkpoint-state');
    try {
      const view = /** @type {StateView} */ (
        await api('GET', threadPath(id, `state?checkpointId=${encodeURIComponent(row.checkpointId)}`))
      );
      if (id === threadId && selected === row.checkpointId) state.textContent = pretty(view.state ?? null);
    } catch (err) {
      // Another graph's checkpoint (CHECKPOINT_GRAPH_MISMATCH), or one that cannot be read: say why instead of the state.
      if (id === threadId && selected === row.checkpointId) showError(state, err);
    }
  }
  more.addEventListener('click', () => {
    const id = threadId;
    if (!id || before === undefined) return;
    void fetchPage(id, before).then((page) => {
      if (id !== threadId) return;
      rows = [...rows, ...page.checkpoints.filter((c) => !rows.some((r) => r.checkpointId === c.checkpointId))];
      before = page.more?.before;
      more.hidden = !page.more;
      render();
    });
  });
  const forkForm = wireForkForm(graph, () => selected, fork);
  return {
    /**
     * Loads (again) the newest page of a thread's checkpoints. The older pages
     * read before stay when the new page reaches the newest row already shown.
     * @param {string} id
     */
    async load(id) {
      if (id !== threadId) this.clear();
      threadId = id;
      const page = await fetchPage(id);
      if (id !== threadId) return;
      const fresh = new Set(page.checkpoints.map((c) => c.checkpointId));
      if (rows[0] && fresh.has(rows[0].checkpointId)) rows = [...page.checkpoints, ...rows.filter((r) => !fresh.has(r.checkpointId))];
      else {
        rows = page.checkpoints;
        before = page.more?.before;
        more.hidden = !page.more;
      }
      render();
    },
    clear() {
      threadId = undefined;
      rows = [];
      selected = undefined;
      list.replaceChildren();
      more.hidden = true;
      byId('checkpoint').hidden = true;
    },
  };
}

/**
 * The timeline's rows.
 * @param {CheckpointRow[]} rows newest first
 * @param {string | undefined} selected
 * @param {(row: CheckpointRow) => void} pick
 */
function timelineRows(rows, selected, pick) {
  const seqOf = new Map(rows.map((r) => [r.checkpointId, r.seq]));
  // The newest checkpoint's line of parents: the branch the thread is on.
  const line = new Set();
  const rowById = new Map(rows.map((r) => [r.checkpointId, r]));
  /** @type {CheckpointRow | undefined} */
  let r = rows[0];
  while (r && !line.has(r.checkpointId)) {
    line.add(r.checkpointId);
    r = r.parentId ? rowById.get(r.parentId) : undefined;
  }
  return rows.map((row, k) => {
    const older = rows[k + 1];
    const li = el('li', 'cp');
    li.dataset['checkpointId'] = row.checkpointId;
    li.dataset['source'] = row.source;
    li.dataset['seq'] = String(row.seq);
    li.dataset['status'] = row.status;
    if (!line.has(row.checkpointId)) li.classList.add('off-branch');
    const b = button('', 'cp-row', () => pick(row));
    if (row.checkpointId === selected) li.classList.add('selected');
    b.append(el('span', 'seq', checkpointNumbers(row)), el('span', 'tag', row.source), el('span', `status s-${row.status}`, row.status));
    if (older && row.parentId && row.parentId !== older.checkpointId) {
      li.dataset['branch'] = 'true';
      const from = seqOf.get(row.parentId);
      b.append(el('span', 'tag branch', `⑂ from ${from === undefined ? shortId(row.parentId) : `seq ${from}`}`));
    }
    const next = row.next.length > 0 ? `→ ${row.next.join(', ')}` : '';
    b.append(el('span', 'next', next), el('span', 'muted time', timeText(row.createdAt)));
    if (row.interrupts.length > 0) b.append(el('span', 'tag interrupt', `${row.interrupts.length} interrupt`));
    if (row.error) b.append(el('span', 'error-text', `${row.error.code}: ${row.error.message}`));
    li.append(b);
    return li;
  });
}

/** @param {CheckpointRow} row */
function showCheckpoint(row) {
  byId('checkpoint').hidden = false;
  byId('checkpoint').dataset['checkpointId'] = row.checkpointId;
  byId('checkpoint-title').textContent = `${checkpointNumbers(row)} · ${row.source} · ${row.status}`;
  const state = byId('checkpoint-state');
  state.hidden = false;
  state.textContent = 'loading…';
  clearError(byId('fork-error'));
}

/**
 * How a checkpoint is named on the page and by the CLI (weft history, weft
 * threads, a run's outcome, the replay): its seq (the thread's version after
 * it was written, what history pages by) and its step (the steps completed).
 * @param {{ seq: number, step: number }} c
 */
function checkpointNumbers(c) {
  return `seq ${c.seq}, step ${c.step}`;
}

/**
 * The fork form: checked here (update a JSON object, input valid JSON and
 * only with goto), then posted. A checkpoint that waits on interrupts gets
 * their answer forms inside it: an answer forks with `resume: { [id]: answer }`
 * and whatever else the form says. A refusal shows in the form's error box,
 * scrolled into view.
 * @param {GraphInfo} graph @param {() => string | undefined} selected
 * @param {(body: Record<string, unknown>) => Promise<void>} fork
 */
function wireForkForm(graph, selected, fork) {
  const form = /** @type {HTMLFormElement} */ (byId('fork-form'));
  const goto = /** @type {HTMLSelectElement} */ (byId('fork-goto'));
  const update = /** @type {HTMLTextAreaElement} */ (byId('fork-update'));
  const forkInput = /** @type {HTMLTextAreaElement} */ (byId('fork-input'));
  const error = byId('fork-error');
  const answers = el('div', 'fork-answers');
  answers.id = 'fork-answers';
  form.querySelector('.actions')?.before(answers);
  const nodes = graph.model.nodes.filter((n) => n.kind !== 'start' && n.kind !== 'end');
  setOptions(goto, [['', '(the checkpoint’s next nodes)'], ...nodes.map((n) => /** @type {[string, string]} */ ([n.id, n.id]))]);
  /** Checks the form and posts the fork (with `resume` when an answer sends it). @param {Record<string, unknown>} [resume] */
  const submit = (resume) => {
    clearError(error);
    const body = forkBody(selected(), goto.value, update.value, forkInput.value);
    if ('problem' in body) return refuse(error, { message: body.problem });
    const buttons = [...form.querySelectorAll('button')];
    for (const b of buttons) b.disabled = true;
    fork(resume ? { ...body, resume } : body)
      .catch((err) => refuse(error, err))
      .finally(() => buttons.forEach((b) => (b.disabled = false)));
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    submit();
  });
  return {
    /** The answer forms of the picked checkpoint's interrupts (none when it waits on nothing). @param {CheckpointRow} row */
    show(row) {
      const forms = row.interrupts.map((i) => {
        const box = el('fieldset', 'card interrupt-form fork-answer');
        box.dataset['interruptId'] = i.id;
        box.append(el('legend', '', 'Fork with this answer'), ...interruptAnswer(i, graph, (value) => submit({ [i.id]: value })));
        return box;
      });
      const note = el('p', 'muted', 'It waits on an answer: give it here to fork with it, or pick a node to go to.');
      answers.replaceChildren(...(forms.length > 0 ? [note, ...forms] : []));
    },
  };
}

/** Shows a refusal in the box and brings it into view (the form may be long). @param {HTMLElement} box @param {unknown} err */
function refuse(box, err) {
  showError(box, err);
  box.scrollIntoView({ block: 'nearest' });
}

/**
 * The fork's body from the form, or what is wrong with it.
 * @param {string | undefined} checkpointId @param {string} goto @param {string} updateText @param {string} inputText
 * @returns {Record<string, unknown> | { problem: string }}
 */
function forkBody(checkpointId, goto, updateText, inputText) {
  const u = readJson(updateText);
  const i = readJson(inputText);
  if (!checkpointId) return { problem: 'pick a checkpoint first' };
  if (!u.ok) return { problem: `update: ${u.problem}` };
  if (u.value !== undefined && !isRecord(u.value)) return { problem: 'update: must be a JSON object of top-level state keys' };
  if (!i.ok) return { problem: `input: ${i.problem}` };
  if (i.value !== undefined && !goto) return { problem: 'input: is the input of the goto node: pick a node to go to' };
  return {
    checkpointId,
    ...(goto ? { goto } : {}),
    ...(u.value !== undefined ? { update: u.value } : {}),
    ...(i.value !== undefined ? { input: i.value } : {}),
  };
}

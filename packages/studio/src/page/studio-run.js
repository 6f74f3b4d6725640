// @ts-check
/**
 * The run form: the input (an agent's query; a graph's JSON value or text),
 * the thread it runs on (a new one or one of the list), and the session
 * values, as editable rows prefilled with the server's defaults. The panel's
 * `data-status` says how the open thread's run stands (idle, running,
 * interrupted, done, error).
 */

/**
 * @param {GraphInfo} graph
 * @param {{ start: (threadId: string | undefined, body: Record<string, unknown>) => Promise<void>, pick: (threadId: string | undefined) => void }} on
 */
function runForm(graph, on) {
  const form = /** @type {HTMLFormElement} */ (byId('run-form'));
  const query = /** @type {HTMLTextAreaElement} */ (byId('run-input'));
  const thread = /** @type {HTMLSelectElement} */ (byId('run-thread'));
  const submit = /** @type {HTMLButtonElement} */ (byId('run-start'));
  const error = byId('run-error');
  const rows = byId('session-rows');
  const agent = graph.kind === 'agent';
  // Only an agent's query takes files (a graph's input is a value).
  const attach = attachControl();
  attach.setEnabled(agent);
  byId('run-input-label').textContent = agent ? 'Query' : 'Input';
  query.placeholder = agent ? 'What should the agent do?' : 'The run input: JSON (e.g. {"topic": "rivers"}) or plain text';
  byId('session').hidden = !agent && Object.keys(graph.sessionValues).length === 0;
  for (const [key, value] of Object.entries(graph.sessionValues)) rows.append(sessionRow(key, valueText(value)));
  byId('session-add').addEventListener('click', () => rows.append(sessionRow('', '')));
  thread.addEventListener('change', () => on.pick(thread.value || undefined));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearError(error);
    const body = runBody(query.value, agent, rows);
    if ('problem' in body) return showError(error, { message: body.problem });
    submit.disabled = true;
    withParts(body, agent ? attach.parts() : Promise.resolve([]))
      .then((full) => on.start(thread.value || undefined, full))
      .then(() => {
        query.value = '';
        attach.clear();
      })
      .catch((err) => showError(error, err))
      .finally(() => (submit.disabled = false));
  });
  return {
    /**
     * The thread list as the select's options; `current` selected. Other graphs' threads are left out: they cannot run here.
     * @param {ThreadRow[]} threads @param {string | undefined} current
     */
    setThreads(threads, current) {
      const ids = threads.filter((t) => !t.otherGraph).map((t) => t.threadId);
      const foreign = threads.some((t) => t.otherGraph && t.threadId === current);
      if (current && !foreign && !ids.includes(current)) ids.unshift(current);
      setOptions(thread, [['', 'New thread'], ...ids.map((id) => /** @type {[string, string]} */ ([id, id]))], current ?? '');
    },
    /** @param {string} status */
    setStatus(status) {
      byId('run-panel').dataset['status'] = status;
      byId('run-status').textContent = status;
    },
  };
}

/**
 * The request body, or what is wrong with the form.
 * @param {string} text @param {boolean} agent @param {HTMLElement} rows
 * @returns {Record<string, unknown> | { problem: string }}
 */
function runBody(text, agent, rows) {
  /** @type {Record<string, unknown>} */
  const sessionValues = {};
  for (const row of rows.querySelectorAll('.session-row')) {
    const key = /** @type {HTMLInputElement} */ (row.querySelector('.key')).value.trim();
    const value = /** @type {HTMLInputElement} */ (row.querySelector('.value')).value;
    if (!key) continue;
    const json = readJson(value);
    sessionValues[key] = json.ok && json.value !== undefined ? json.value : value;
  }
  if (agent) {
    if (!text.trim()) return { problem: 'write a query first' };
    return { input: { query: text }, sessionValues };
  }
  const json = readJson(text);
  const value = json.ok ? (json.value ?? null) : text;
  return Object.keys(sessionValues).length > 0 ? { input: { value }, sessionValues } : { input: { value } };
}

/**
 * The body with the attached files as its query's parts (none: as it was).
 * @param {Record<string, unknown>} body @param {Promise<WirePart[]>} parts
 */
async function withParts(body, parts) {
  const list = await parts;
  if (list.length === 0) return body;
  return { ...body, input: { .../** @type {Record<string, unknown>} */ (body['input']), parts: list } };
}

/** A session value as its row shows it: a string as it is (unless it reads as JSON), anything else as JSON. @param {unknown} value */
function valueText(value) {
  if (typeof value === 'string' && !readJson(value).ok) return value;
  return JSON.stringify(value);
}

/** @param {string} key @param {string} value */
function sessionRow(key, value) {
  const row = el('div', 'session-row');
  const k = input('text', key, 'key');
  k.placeholder = 'name';
  k.setAttribute('aria-label', 'session value name');
  const v = input('text', value, 'value');
  v.placeholder = 'value (text or JSON)';
  v.setAttribute('aria-label', `session value ${key}`);
  row.append(
    k,
    v,
    button('✕', 'icon', () => row.remove()),
  );
  return row;
}

// @ts-check
/**
 * The interrupts the open thread waits on, each as a form
 * (`form[data-interrupt-id]`). A tool approval (`info: { tool, arguments }`)
 * gets Approve, Reject with a reason, and Edit the arguments: a JSON editor
 * checked against the tool's parameters schema from the graph model before
 * anything is sent. Any other interrupt gets a form from its `resumeSchema`
 * when that is a primitive or a flat object of primitives, else a JSON
 * editor. Each form answers its own interrupt (one resume per answer); the
 * server's refusal shows next to the form.
 */

/**
 * @param {GraphInfo} graph
 * @param {(resume: Record<string, unknown>) => Promise<void>} answer posts the resume
 */
function interruptPanel(graph, answer) {
  const panel = byId('interrupts-panel');
  const box = byId('interrupts');
  let shown = '';
  /** @param {InterruptRecord[]} interrupts */
  const show = (interrupts) => {
    const key = interrupts.map((i) => i.id).join('\n');
    // The same interrupts again (the run's end, then the thread's state): keep the forms as the person left them.
    if (key === shown) return;
    shown = key;
    box.replaceChildren(...interrupts.map((i) => interruptForm(i, graph, answer)));
    panel.hidden = interrupts.length === 0;
  };
  return { show, clear: () => show([]) };
}

/** @param {InterruptRecord} i @param {GraphInfo} graph @param {(resume: Record<string, unknown>) => Promise<void>} answer */
function interruptForm(i, graph, answer) {
  const form = /** @type {HTMLFormElement} */ (el('form', 'card interrupt-form'));
  form.noValidate = true;
  form.addEventListener('submit', (e) => e.preventDefault());
  const error = errorBox();
  /** Sends this interrupt's answer. @param {unknown} value */
  const send = (value) => {
    clearError(error);
    const buttons = [...form.querySelectorAll('button')];
    for (const b of buttons) b.disabled = true;
    answer({ [i.id]: value })
      .then(() => (form.dataset['sent'] = 'true'))
      .catch((err) => showError(error, err))
      .finally(() => buttons.forEach((b) => (b.disabled = false)));
  };
  form.append(...interruptAnswer(i, graph, send), error);
  form.dataset['interruptId'] = i.id;
  return form;
}

/**
 * What asks for one interrupt's answer: who asks, and Approve / Reject / Edit
 * for a tool approval, else the resume schema's form or a JSON editor. `send`
 * gets the answer once it passes the checks made here. The live panel posts
 * it as a resume; the fork form sends it as the fork's `resume`.
 * @param {InterruptRecord} i @param {GraphInfo} graph @param {(value: unknown) => void} send
 * @returns {HTMLElement[]}
 */
function interruptAnswer(i, graph, send) {
  const head = el('div', 'head');
  head.append(el('span', 'tag interrupt', 'interrupt'), el('span', 'who', i.path?.join('/') || i.address));
  const info = isRecord(i.info) ? i.info : undefined;
  if (info && typeof info['tool'] === 'string' && isRecord(info['arguments']))
    return [head, ...approvalParts(info['tool'], info['arguments'], toolParameters(graph, i, info['tool']), send)];
  return [head, ...resumeParts(i, send)];
}

/**
 * Approve, reject with a reason, or edit the arguments and approve those.
 * @param {string} tool @param {Record<string, unknown>} args @param {unknown} schema @param {(value: unknown) => void} send
 */
function approvalParts(tool, args, schema, send) {
  const title = el('p', 'ask');
  title.append(el('strong', '', tool), ' wants to run with:');
  const shown = el('pre', 'arguments-shown', pretty(args));
  const reason = input('text', '', 'reason');
  reason.placeholder = 'reason (sent with a rejection)';
  reason.setAttribute('aria-label', 'reason');
  const editor = textarea(JSON.stringify(args, null, 2), 6, 'code arguments');
  editor.setAttribute('aria-label', `arguments of ${tool}`);
  const problems = el('ul', 'problems');
  const edit = el('div', 'edit');
  edit.hidden = true;
  const check = () => {
    const parsed = readJson(editor.value);
    const found = !parsed.ok
      ? [parsed.problem]
      : !isRecord(parsed.value)
        ? ['the arguments must be a JSON object']
        : schemaProblems(parsed.value, schema);
    problems.replaceChildren(...found.map((p) => el('li', '', p)));
    return found.length === 0 && parsed.ok ? parsed.value : undefined;
  };
  editor.addEventListener('input', () => void check());
  const approveEdited = button('Approve with these arguments', 'primary', () => {
    const value = check();
    if (value !== undefined) send({ approved: true, arguments: value });
  });
  approveEdited.dataset['action'] = 'approve-edited';
  edit.append(labelled('Arguments (JSON)', editor), problems, approveEdited);
  const approve = button('Approve', 'primary', () => send({ approved: true }));
  approve.dataset['action'] = 'approve';
  const reject = button('Reject', 'danger', () =>
    send(reason.value.trim() ? { approved: false, reason: reason.value.trim() } : { approved: false }),
  );
  reject.dataset['action'] = 'reject';
  const toggle = button('Edit arguments', '', () => void (edit.hidden = !edit.hidden));
  toggle.dataset['action'] = 'edit';
  const actions = el('div', 'actions');
  actions.append(approve, reject, reason, toggle);
  return [title, shown, actions, edit];
}

/**
 * A form for the interrupt's resume schema (a flat one), else a JSON editor.
 * @param {InterruptRecord} i @param {(value: unknown) => void} send
 */
function resumeParts(i, send) {
  const parts = [el('pre', 'info', pretty(i.info ?? null))];
  const problems = el('ul', 'problems');
  const fields = flatFields(i.resumeSchema);
  const read = fields ? schemaForm(fields, parts) : jsonField(parts);
  const submit = button('Send answer', 'primary', () => {
    const value = read();
    const found = !value.ok ? [value.problem] : schemaProblems(value.value, i.resumeSchema);
    problems.replaceChildren(...found.map((p) => el('li', '', p)));
    if (found.length === 0 && value.ok) send(value.value);
  });
  submit.dataset['action'] = 'resume';
  parts.push(problems, submit);
  return parts;
}

/** A JSON editor for the answer. @param {HTMLElement[]} parts @returns {() => ({ ok: true, value: unknown } | { ok: false, problem: string })} */
function jsonField(parts) {
  const editor = textarea('', 4, 'code answer');
  editor.placeholder = 'the answer, as JSON (e.g. true, "yes", {"approved": true})';
  parts.push(labelled('Answer (JSON)', editor));
  return () => {
    const parsed = readJson(editor.value);
    return parsed.ok && parsed.value === undefined ? { ok: false, problem: 'write an answer first' } : parsed;
  };
}

/**
 * One field per property (or one for a primitive schema); returns the reader of the value they make.
 * @param {FlatField[]} fields @param {HTMLElement[]} parts
 * @returns {() => ({ ok: true, value: unknown } | { ok: false, problem: string })}
 */
function schemaForm(fields, parts) {
  const readers = fields.map((f) => {
    const { field, read } = fieldFor(f);
    const text = (f.name || 'answer') + (f.required && f.name ? ' *' : '');
    const label = labelled(text, field);
    if (typeof f.schema['description'] === 'string') label.append(el('span', 'hint', f.schema['description']));
    label.dataset['field'] = f.name;
    parts.push(label);
    return /** @type {const} */ ([f.name, read]);
  });
  return () => {
    if (readers.length === 1 && readers[0]?.[0] === '') return { ok: true, value: readers[0][1]() ?? null };
    /** @type {Record<string, unknown>} */
    const value = {};
    for (const [name, read] of readers) {
      const v = read();
      if (v !== undefined) value[name] = v;
    }
    return { ok: true, value };
  };
}

/**
 * An input for one primitive field, and how to read it (undefined: left empty).
 * @param {FlatField} f
 * @returns {{ field: HTMLElement, read: () => unknown }}
 */
function fieldFor(f) {
  const s = f.schema;
  if (Array.isArray(s['enum'])) {
    const options = s['enum'].map((v) => /** @type {[string, string]} */ ([JSON.stringify(v), String(v)]));
    const field = select(f.required ? options : [['', '—'], ...options]);
    return { field, read: () => (field.value === '' ? undefined : JSON.parse(field.value)) };
  }
  if (s['type'] === 'boolean') {
    const field = input('checkbox');
    return { field, read: () => field.checked };
  }
  if (s['type'] === 'number' || s['type'] === 'integer') {
    const field = input('number');
    field.step = s['type'] === 'integer' ? '1' : 'any';
    return { field, read: () => (field.value === '' ? undefined : Number(field.value)) };
  }
  const field = input('text');
  return { field, read: () => (field.value === '' && !f.required ? undefined : field.value) };
}

/**
 * The tool's parameters schema from the graph model: on the interrupted node first, else any node that has the tool.
 * @param {GraphInfo} graph @param {InterruptRecord} i @param {string} tool
 */
function toolParameters(graph, i, tool) {
  const at = (i.path ?? []).join('/');
  const nodes = [...graph.model.nodes.filter((n) => n.id === at), ...graph.model.nodes];
  for (const node of nodes) {
    const tools = node.annotations['tools'];
    if (!Array.isArray(tools)) continue;
    const found = tools.find((t) => isRecord(t) && t['name'] === tool);
    if (isRecord(found) && 'parameters' in found) return found['parameters'];
  }
  return undefined;
}

// @ts-check
/**
 * Form parts and small helpers for the studio's page. Like viewer-dom.js's
 * `el`, every value from a run goes in as text (textContent, input values),
 * never as markup.
 */

/** @param {string} text @param {string} [cls] @param {() => void} [onClick] */
function button(text, cls, onClick) {
  const b = /** @type {HTMLButtonElement} */ (el('button', cls, text));
  b.type = onClick ? 'button' : 'submit';
  if (onClick) b.addEventListener('click', onClick);
  return b;
}

/** @param {string} type @param {string} [value] @param {string} [cls] */
function input(type, value, cls) {
  const i = /** @type {HTMLInputElement} */ (el('input', cls));
  i.type = type;
  if (value !== undefined) i.value = value;
  return i;
}

/** A JSON or text editor. @param {string} value @param {number} rows @param {string} [cls] */
function textarea(value, rows, cls = 'code') {
  const t = /** @type {HTMLTextAreaElement} */ (el('textarea', cls));
  t.value = value;
  t.rows = rows;
  t.spellcheck = false;
  return t;
}

/** @param {[value: string, text: string][]} options */
function select(options) {
  return setOptions(/** @type {HTMLSelectElement} */ (el('select')), options);
}

/**
 * A select's options, the first one (or `value`, when it is one of them) selected.
 * @param {HTMLSelectElement} s @param {[value: string, text: string][]} options @param {string} [value]
 */
function setOptions(s, options, value) {
  s.replaceChildren(
    ...options.map(([v, text]) => {
      const o = /** @type {HTMLOptionElement} */ (el('option', '', text));
      o.value = v;
      return o;
    }),
  );
  s.value = value !== undefined && options.some(([v]) => v === value) ? value : (options[0]?.[0] ?? '');
  return s;
}

/** A label around a field, its text first. @param {string} text @param {HTMLElement} field */
function labelled(text, field) {
  const l = el('label', 'field');
  l.append(el('span', 'label', text), field);
  return l;
}

/** Where a form shows what went wrong (`code: message` from the server, or a local problem). */
function errorBox() {
  const box = el('div', 'form-error');
  box.hidden = true;
  box.setAttribute('role', 'alert');
  return box;
}

/** @param {HTMLElement} box @param {unknown} err */
function showError(box, err) {
  const e = /** @type {{ code?: unknown, message?: unknown }} */ (err && typeof err === 'object' ? err : {});
  box.textContent = typeof e.code === 'string' ? `${e.code}: ${String(e.message)}` : String(e.message ?? err);
  box.dataset['code'] = typeof e.code === 'string' ? e.code : '';
  box.hidden = false;
}

/** @param {HTMLElement} box */
function clearError(box) {
  box.textContent = '';
  box.hidden = true;
}

/**
 * JSON text read as a value; empty text is `undefined` (the field was left out).
 * @param {string} text
 * @returns {{ ok: true, value: unknown } | { ok: false, problem: string }}
 */
function readJson(text) {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, problem: `not valid JSON: ${/** @type {Error} */ (err).message}` };
  }
}

/** A plain object (not an array, not null). @param {unknown} v @returns {v is Record<string, unknown>} */
function isRecord(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** @param {number} ms */
function timeText(ms) {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString();
}

/** The end of a long id, enough to tell ids apart. @param {string} id */
function shortId(id) {
  return id.length > 10 ? `…${id.slice(-8)}` : id;
}

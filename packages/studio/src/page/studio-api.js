// @ts-check
/**
 * Every request the page makes: same origin, JSON, and the bearer token when
 * the server has one. The token comes in the page's `#token=` fragment (which
 * browsers never send) and is kept in sessionStorage; a request answered 401
 * opens the token form with the server's message and is sent again once a
 * token is given.
 */

const TOKEN_KEY = 'weft-studio-token';

/** An error answer of the API: its HTTP status and `{ error: { code, message, details? } }`. */
class ApiError extends Error {
  /** @param {number} status @param {string} code @param {string} message @param {unknown} [details] */
  constructor(status, code, message, details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** Moves a `#token=…` out of the address bar into this tab's storage. */
function takeTokenFromHash() {
  const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
  if (!match) return;
  try {
    sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1] ?? ''));
  } catch {
    sessionStorage.setItem(TOKEN_KEY, match[1] ?? '');
  }
  history.replaceState(null, '', location.pathname + location.search);
}

/** @type {{ promise: Promise<void>, resolve: () => void } | undefined} */
let tokenWanted;

/** Wires the token form: a submitted token is kept and every request waiting for one is sent again. */
function initTokenForm() {
  const form = /** @type {HTMLFormElement} */ (byId('token-form'));
  const field = /** @type {HTMLInputElement} */ (byId('token-input'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!field.value.trim()) return;
    sessionStorage.setItem(TOKEN_KEY, field.value.trim());
    field.value = '';
    byId('token-dialog').hidden = true;
    const waiting = tokenWanted;
    tokenWanted = undefined;
    waiting?.resolve();
  });
}

/** Shows the token form with why it is needed; resolves when a token is given. @param {string} message */
function askForToken(message) {
  byId('token-error').textContent = message;
  byId('token-dialog').hidden = false;
  /** @type {HTMLInputElement} */ (byId('token-input')).focus();
  if (!tokenWanted) {
    /** @type {() => void} */
    let resolve = () => {};
    const promise = new Promise((r) => (resolve = () => r(undefined)));
    tokenWanted = { promise, resolve };
  }
  return tokenWanted.promise;
}

/**
 * fetch() with the token; on 401, asks for a token and tries again.
 * @param {string} path
 * @param {RequestInit} [init]
 * @returns {Promise<Response>}
 */
async function authorizedFetch(path, init = {}) {
  for (;;) {
    const headers = new Headers(init.headers);
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const res = await fetch(path, { ...init, headers, cache: 'no-store', credentials: 'same-origin' });
    if (res.status !== 401) return res;
    const err = await errorOf(res);
    await askForToken(err.message);
  }
}

/** An error answer as an ApiError (its JSON body, or its status when the body is not JSON). @param {Response} res */
async function errorOf(res) {
  const body = /** @type {{ error?: { code?: unknown, message?: unknown, details?: unknown } }} */ (await res.json().catch(() => ({})));
  const e = body.error ?? {};
  return new ApiError(
    res.status,
    typeof e.code === 'string' ? e.code : `HTTP_${res.status}`,
    typeof e.message === 'string' ? e.message : res.statusText || `the server answered ${res.status}`,
    e.details,
  );
}

/**
 * One API call: a JSON answer, or an ApiError.
 * @param {'GET' | 'POST'} method
 * @param {string} path
 * @param {unknown} [body] sent as JSON
 * @returns {Promise<unknown>}
 */
async function api(method, path, body) {
  const init = body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const res = await authorizedFetch(path, init);
  if (!res.ok) throw await errorOf(res);
  return res.json();
}

/** A thread's API path. @param {string} threadId @param {string} rest */
function threadPath(threadId, rest) {
  return `/api/threads/${encodeURIComponent(threadId)}/${rest}`;
}

// @ts-check
/**
 * The State tab: the open thread's latest checkpoint — its status, which
 * one it is (`seq S, step N`, as the history and the CLI name it), where it
 * goes next, its output or error, and its whole state as indented JSON; or
 * why it cannot be read here (another graph's thread).
 */

/**
 * @param {StateView | undefined} view
 * @param {string} [unreadable] why the open thread's state cannot be shown (another graph's thread)
 */
function showThreadState(view, unreadable) {
  const box = byId('thread-state');
  box.classList.toggle('muted', !view);
  if (unreadable) return void box.replaceChildren(el('p', 'unreadable', unreadable));
  if (!view) return void box.replaceChildren('Open or start a thread to see its state.');
  const kv = el('dl', 'kv');
  /** @param {string} k @param {string} v */
  const row = (k, v) => kv.append(el('dt', '', k), el('dd', '', v));
  row('thread', view.threadId);
  row('status', view.running ? `${view.status} (a run is under way)` : view.status);
  row('checkpoint', `${checkpointNumbers(view)} · ${view.checkpointId}`);
  row('next', view.next.join(', ') || '—');
  const parts = [kv];
  if (view.output !== undefined && view.output !== null) parts.push(el('h3', '', 'Output'), el('pre', 'output', pretty(view.output)));
  if (view.error) parts.push(el('h3', '', 'Error'), el('pre', 'error-text', pretty(view.error)));
  parts.push(el('h3', '', 'State'), el('pre', 'state', pretty(view.state ?? null)));
  box.replaceChildren(...parts);
}

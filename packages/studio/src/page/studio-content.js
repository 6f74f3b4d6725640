// @ts-check
/**
 * What a message says, as the page shows it: its content (text, or parts:
 * text, images, files, audio) and a structured answer's value. Every string
 * goes in as text; a part's bytes come from the studio (ThreadMedia), an
 * image by URL only from a `data:` URL (the page asks nothing of other
 * origins).
 */

/** @typedef {{ type: string, text?: unknown, url?: unknown, alt?: unknown }} ContentPart */

/**
 * A message's content: a string as a paragraph; an array of parts as its text
 * parts' paragraphs, its images, files and audio (see ThreadMedia.view) and
 * its reasoning, folded; anything else as JSON.
 * @param {unknown} content @param {ThreadMedia} [media] the open thread's media (none: parts' bytes are not shown) @returns {HTMLElement}
 */
function contentView(content, media = new ThreadMedia(undefined)) {
  if (typeof content === 'string') return el('p', 'line text', content);
  if (!Array.isArray(content)) return el('pre', 'line text', pretty(content));
  const box = el('div', 'line parts');
  for (const part of /** @type {ContentPart[]} */ (content)) {
    if (isRecord(part) && part.type === 'text') box.append(el('p', 'text', String(part.text ?? '')));
    else if (isRecord(part) && (part.type === 'image' || part.type === 'file' || part.type === 'audio')) box.append(media.view(part));
    else if (isRecord(part) && part.type === 'reasoning') box.append(reasoningView(part));
    else box.append(el('pre', 'text', pretty(part)));
  }
  return box;
}

/** A reasoning part: its text, folded under "reasoning". @param {ContentPart} part */
function reasoningView(part) {
  const box = el('details', 'reasoning');
  box.append(el('summary', '', 'reasoning'), el('p', 'text muted', String(part.text ?? '')));
  return box;
}

/**
 * A structured value: an object as its keys and values (each value as JSON),
 * anything else as pretty JSON.
 * @param {unknown} value @param {string} [cls] @returns {HTMLElement}
 */
function valueView(value, cls = '') {
  if (!isRecord(value)) return el('pre', `line value ${cls}`, pretty(value));
  const list = el('dl', `line value ${cls}`);
  for (const [key, v] of Object.entries(value)) list.append(el('dt', '', key), el('dd', '', typeof v === 'string' ? v : pretty(v)));
  return list;
}

/**
 * The agents whose answers are structured (an outputSchema): their model
 * nodes say `outputType: 'json'`.
 * @param {GraphInfo} graph @returns {Set<string>}
 */
function structuredAgents(graph) {
  const names = new Set();
  for (const n of graph.model.nodes)
    if (n.annotations['outputType'] === 'json' && typeof n.annotations['agent'] === 'string') names.add(n.annotations['agent']);
  return names;
}

/** A structured answer's value, when the text is JSON. @param {unknown} text @returns {{ ok: true, value: unknown } | { ok: false }} */
function structuredValue(text) {
  if (typeof text !== 'string') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

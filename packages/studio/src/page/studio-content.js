// @ts-check
/**
 * What a message says, as the page shows it: its content (text, or parts:
 * text and images) and a structured answer's value. Every string goes in as
 * text; an image only from a `data:` URL (the page's CSP allows no other
 * image source, and the page asks nothing of other origins).
 */

/** @typedef {{ type: string, text?: unknown, url?: unknown, alt?: unknown }} ContentPart */

/**
 * A message's content: a string as a paragraph; an array of parts as its text
 * parts' paragraphs and its images (`{ type: 'image', url: 'data:image/…' }`);
 * anything else as JSON.
 * @param {unknown} content @returns {HTMLElement}
 */
function contentView(content) {
  if (typeof content === 'string') return el('p', 'line text', content);
  if (!Array.isArray(content)) return el('pre', 'line text', pretty(content));
  const box = el('div', 'line parts');
  for (const part of /** @type {ContentPart[]} */ (content)) {
    if (isRecord(part) && part.type === 'text') box.append(el('p', 'text', String(part.text ?? '')));
    else if (isRecord(part) && part.type === 'image') box.append(imageView(part));
    else box.append(el('pre', 'text', pretty(part)));
  }
  return box;
}

/** An image part: an <img> from a data: URL, else a note saying it is not shown. @param {ContentPart} part */
function imageView(part) {
  const url = typeof part.url === 'string' ? part.url : '';
  if (!/^data:image\/[a-z0-9.+-]+[;,]/i.test(url)) return el('p', 'text muted', '[image not shown: only data: URLs are]');
  const img = /** @type {HTMLImageElement} */ (el('img', 'part-image'));
  img.src = url;
  img.alt = typeof part.alt === 'string' ? part.alt : 'image';
  return img;
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

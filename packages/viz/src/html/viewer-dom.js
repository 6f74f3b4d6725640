// @ts-check
/**
 * Shared by the viewer's scripts (renderHtml inlines viewer-dom.js,
 * viewer-canvas.js, viewer-replay.js and viewer-client.js, in that order, in one
 * function scope; viewerAssets() gives the first two to Weft Studio's page):
 * the shapes of the embedded data, and the one way data reaches the page.
 */

/** @typedef {{ id: string, label: string, kind: string, cluster?: string, join: boolean, annotations: Record<string, unknown>, members?: string[] }} VizNode */
/** @typedef {{ id: string, name: string, arguments: string }} ToolCall */
/** @typedef {{ type: 'image' | 'file' | 'audio', mediaType?: string, name?: string, bytes?: number, src?: number, url?: string, note?: string }} MediaView */
/** @typedef {{ node: string, agentName: string, role: string, content: string, parts?: MediaView[], toolName?: string, toolCalls: ToolCall[], transferTo?: string, exit?: boolean, interrupts?: number, error?: { code: string, message: string } }} Message */
/** @typedef {{ checkpointId: string, seq: number, bytes: number, snapshot: boolean }} CheckpointWrite */
/** @typedef {{ id: string, address: string, info: unknown }} Interrupt */
/** @typedef {{ run: number, step: number, completed: number, active: string[], messages: Message[], patches: { path: string, patches: unknown[] }[], checkpoints: CheckpointWrite[], interrupts: Interrupt[], errors: { node?: string, error: { code: string, message: string } }[] }} Step */
/** @typedef {{ run: number, graphHash: string, ts: number, resumedFrom?: string, status?: string }} Run */
/** @typedef {{ runs: Run[], steps: Step[], media?: string[] }} Replay */
/** @typedef {{ model: { hash: string, nodes: VizNode[] }, replay?: Replay }} ViewerData */

/**
 * An element with a class and a text: the only way the viewer puts data on the
 * page (textContent, never markup).
 * @param {string} tag
 * @param {string} [cls]
 * @param {string} [text]
 */
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Strings as they are, anything else as indented JSON. @param {unknown} value */
function pretty(value) {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** Short texts (node ids, agent names) as a row of tags. @param {string[]} texts */
function chips(texts) {
  const box = el('div', 'chips');
  box.append(...texts.map((t) => el('span', 'tag', t)));
  return box;
}

/** @param {string} id */
function byId(id) {
  const e = document.getElementById(id);
  if (!e) throw new Error(`weft viewer: the page has no #${id}`);
  return e;
}

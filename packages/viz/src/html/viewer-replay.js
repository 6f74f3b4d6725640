// @ts-check
/**
 * The replay: a slider over the log's steps (run after run), a play button, a
 * strip of ticks marking checkpoints, interrupts and errors, the nodes of the
 * selected step highlighted (class `active`) and a panel with what the step did.
 * A position is named as `weft history` and the Studio name checkpoints:
 * `seq S, step N` (N the steps completed) for the checkpoint it wrote, and
 * its panel says which step ran when that one stopped before completing.
 */

/**
 * @param {Replay} replay
 * @param {SVGSVGElement} svg
 */
function startReplay(replay, svg) {
  const slider = /** @type {HTMLInputElement} */ (byId('step'));
  const label = byId('step-label');
  const play = byId('play');
  const ticks = byId('ticks');
  const body = byId('step-body');
  const steps = replay.steps;
  const media = replay.media ?? [];
  const runs = new Map(replay.runs.map((r) => [r.run, r]));
  const nodeEls = new Map([...svg.querySelectorAll('g.node')].map((g) => [g.getAttribute('data-id') || '', g]));

  slider.max = String(steps.length - 1);
  const tickEls = steps.map((s, i) => {
    const tick = /** @type {HTMLButtonElement} */ (el('button', 'tick'));
    tick.type = 'button';
    tick.title = `run ${s.run} · ${stepNumbers(s)}${s.interrupts.length ? ' · interrupt' : ''}`;
    if (i === 0 || steps[i - 1]?.run !== s.run) tick.classList.add('run-start');
    if (s.checkpoints.length) tick.classList.add('checkpoint');
    if (s.interrupts.length) tick.classList.add('interrupt');
    if (s.errors.length) tick.classList.add('error');
    tick.addEventListener('click', () => select(i));
    ticks.append(tick);
    return tick;
  });

  /** @param {number} i */
  function select(i) {
    const step = steps[i];
    if (!step) return;
    slider.value = String(i);
    label.textContent = `run ${step.run} · ${stepNumbers(step)}  (${i + 1}/${steps.length})`;
    tickEls.forEach((t, j) => t.classList.toggle('selected', j === i));
    for (const g of svg.querySelectorAll('g.node.active')) g.classList.remove('active');
    for (const id of step.active) nodeEls.get(id)?.classList.add('active');
    const first = i === 0 || steps[i - 1]?.run !== step.run;
    const last = i === steps.length - 1 || steps[i + 1]?.run !== step.run;
    body.replaceChildren(...stepView(step, runs.get(step.run), first, last, media));
  }

  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
    play.textContent = 'Play';
    play.setAttribute('aria-label', 'Play');
  };
  play.addEventListener('click', () => {
    if (timer !== undefined) return stop();
    if (Number(slider.value) >= steps.length - 1) select(0);
    play.textContent = 'Pause';
    play.setAttribute('aria-label', 'Pause');
    timer = setInterval(() => {
      const next = Number(slider.value) + 1;
      if (next >= steps.length) return stop();
      select(next);
    }, 900);
  });
  slider.addEventListener('input', () => select(Number(slider.value)));
  select(0);
}

/**
 * A position's numbers: the checkpoint it wrote as `seq S, step N`, or the
 * steps completed when it wrote none.
 * @param {Step} step
 */
function stepNumbers(step) {
  const written = step.checkpoints.at(-1);
  return written ? `seq ${written.seq}, step ${step.completed}` : `step ${step.completed}`;
}

/**
 * What one step did, as elements.
 * @param {Step} step
 * @param {Run | undefined} run
 * @param {boolean} firstOfRun
 * @param {boolean} lastOfRun
 * @param {string[]} media the page's embedded images (`data:` URLs)
 */
function stepView(step, run, firstOfRun, lastOfRun, media) {
  const out = [];
  const head = el('div', 'card');
  head.append(el('div', 'who', `Run ${step.run} · ${stepNumbers(step)}`));
  if (step.completed !== step.step)
    head.append(el('div', 'muted', `step ${step.step} ran and stopped before it completed: ${step.completed} steps completed`));
  if (run?.resumedFrom) head.append(el('div', 'muted', `resumed from checkpoint ${run.resumedFrom}`));
  else if (firstOfRun) head.append(el('div', 'muted', 'the run starts'));
  if (lastOfRun) head.append(el('div', 'muted', `the run ${run?.status ? `ended: ${run.status}` : 'log stops here (no run.end)'}`));
  out.push(head);
  if (step.active.length) out.push(el('h3', '', 'Nodes'), chips(step.active));
  if (step.messages.length)
    out.push(el('h3', '', `Messages (${step.messages.length})`), ...step.messages.map((m) => messageView(m, media)));
  if (step.interrupts.length) out.push(el('h3', '', 'Interrupts'), ...step.interrupts.map(interruptView));
  for (const { node, error } of step.errors)
    out.push(el('h3', '', `Error${node ? ` in ${node}` : ''}`), el('pre', '', `${error.code}: ${error.message}`));
  if (step.checkpoints.length) out.push(el('h3', '', 'Checkpoints written'), ...step.checkpoints.map(checkpointView));
  const patches = step.patches.flatMap((p) => p.patches.map((patch) => ({ at: p.path, patch })));
  if (patches.length)
    out.push(el('h3', '', `State patches (${patches.length})`), ...patches.map(({ at, patch }) => patchView(at, patch, media)));
  if (out.length === 1) out.push(el('p', 'muted', 'Nothing else happened in this step.'));
  return out;
}

/** @param {Message} m @param {string[]} media */
function messageView(m, media) {
  const card = el('div', 'card message');
  const head = el('div', 'head');
  head.append(el('span', 'who', m.agentName), el('span', 'tag', m.toolName ? `${m.role}: ${m.toolName}` : m.role));
  if (m.transferTo) head.append(el('span', 'tag transfer', `→ ${m.transferTo}`));
  if (m.exit) head.append(el('span', 'tag', 'exit'));
  if (m.interrupts) head.append(el('span', 'tag interrupt', `interrupted (${m.interrupts})`));
  card.append(head);
  if (m.content) card.append(el('p', 'text', m.content));
  for (const part of m.parts ?? []) card.append(mediaView(part, media));
  for (const call of m.toolCalls) card.append(el('pre', 'tool-call', `${call.name}(${call.arguments})  #${call.id}`));
  if (m.error) card.append(el('pre', '', `${m.error.code}: ${m.error.message}`));
  return card;
}

/** @param {Interrupt} i */
function interruptView(i) {
  const card = el('div', 'card');
  const head = el('div', 'head');
  head.append(el('span', 'tag interrupt', 'interrupt'), el('span', 'muted interrupt-id', i.id));
  card.append(head, el('pre', '', pretty(i.info)));
  return card;
}

/** @param {CheckpointWrite} c */
function checkpointView(c) {
  return el('div', 'muted', `seq ${c.seq} · ${c.bytes} bytes${c.snapshot ? ' · snapshot' : ' · delta'} · ${c.checkpointId}`);
}

/**
 * An image, file or audio part: a thumbnail of an image the page embeds, and
 * a label (type, name, media type, size) for everything, saying why an image
 * is not shown. Only the page's own `data:image/…` URLs are used: nothing is
 * fetched.
 * @param {MediaView} part
 * @param {string[]} media
 */
function mediaView(part, media) {
  const box = el('figure', `media ${part.type}`);
  const dataUrl = part.src === undefined ? undefined : media[part.src];
  const label = [part.type, part.name, part.mediaType, part.bytes === undefined ? undefined : byteSize(part.bytes), part.url]
    .filter((t) => t !== undefined && t !== '')
    .join(' · ');
  if (part.type === 'image' && dataUrl?.startsWith('data:image/')) {
    const img = /** @type {HTMLImageElement} */ (el('img', 'thumb'));
    img.alt = label;
    img.src = dataUrl;
    box.append(img);
  }
  box.append(el('figcaption', '', label));
  if (part.note) box.append(el('figcaption', 'muted', `image not embedded (${part.bytes ?? '?'} bytes): ${part.note}`));
  return box;
}

/** `812 bytes`, `41 KiB`, `1.2 MiB`. @param {number} bytes */
function byteSize(bytes) {
  if (bytes < 1024) return `${bytes} bytes`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KiB'] : [bytes / (1024 * 1024), 'MiB'];
  return `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} ${unit}`;
}

/** The content parts (views) inside a value: a patch may carry messages with images. @param {unknown} value @returns {MediaView[]} */
function mediaIn(value) {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap(mediaIn);
  const v = /** @type {Record<string, unknown>} */ (value);
  if ((v.type === 'image' || v.type === 'file' || v.type === 'audio') && ('bytes' in v || 'url' in v))
    return [/** @type {MediaView} */ (v)];
  return Object.values(v).flatMap(mediaIn);
}

/** One immer patch: its op and path, its value folded, the images and files in it shown. @param {string} at @param {unknown} patch @param {string[]} media */
function patchView(at, patch, media) {
  const p = /** @type {{ op?: unknown, path?: unknown, value?: unknown }} */ (patch && typeof patch === 'object' ? patch : {});
  const path = Array.isArray(p.path) ? p.path.join('/') : '';
  const box = el('details', 'patch');
  box.append(el('summary', '', `${String(p.op)} ${at ? `${at} ▸ ` : ''}${path}`));
  if ('value' in p) box.append(el('pre', '', pretty(p.value)), ...mediaIn(p.value).map((part) => mediaView(part, media)));
  return box;
}

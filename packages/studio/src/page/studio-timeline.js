// @ts-check
/**
 * The Timeline tab: every model and tool call of the open thread's runs as
 * a bar on its run's time axis, in the order the calls started, each row
 * named by its agent (a colour per agent) and saying what the call cost:
 * tokens, dollars when a price is known, why the model stopped, whether a
 * tool failed. Each run has its totals (tokens, cost, wall time); the wait
 * for an interrupt's answer is a mark between two runs, not a long call.
 * Clicking a row shows the call's input and output (studio-timeline-detail.js).
 *
 * It reads the stream's `call` events (and the runs' starts and ends).
 * Events are queued and drawn once per animation frame: a thousand events
 * arriving at once are one layout, not a thousand. While a call runs, its bar
 * grows on the server's clock (the last event's time plus what passed here
 * since), redrawn a few times a second.
 */

/** How often a running call's bar grows, in ms. */
const TIMELINE_TICK_MS = 150;
/** Agent colours, by the order agents first appear (the stylesheet has one per lane). */
const TIMELINE_LANES = 6;

/** @typedef {{ role: string, content: string, toolCalls?: { id: string, name: string, arguments: string }[], toolCallId?: string, name?: string }} ChatMessage */
/** @typedef {{ inputTokens: number, outputTokens: number }} TokenUsage */
/** A `call` event's start. @typedef {{ phase: 'start', kind: 'model' | 'tool', callId: string, agentName: string, node: string, path: string[], ts: number, model?: string, messages?: ChatMessage[], toolName?: string, toolCallId?: string, arguments?: string }} CallStart */
/** A `call` event's end. @typedef {{ phase: 'end', kind: 'model' | 'tool', callId: string, ts: number, durationMs: number, status: string, error?: ErrorInfo, message?: ChatMessage, usage?: TokenUsage, finishReason?: string, responseModel?: string, priceModel?: string, cost?: number, result?: string }} CallEnd */
/** @typedef {{ start: CallStart, end: CallEnd | undefined, row: HTMLElement | undefined, changed: boolean }} TimelineCall */
/** @typedef {{ runId: string, mode: string, startedAt: number, endedAt: number | undefined, status: string | undefined, interrupts: number, calls: TimelineCall[], byId: Map<string, TimelineCall>, usage: StepUsage | undefined, section: HTMLElement | undefined, list: HTMLElement | undefined, totals: HTMLElement | undefined, usageBox: HTMLElement | undefined, changed: boolean }} TimelineRun */
/** @typedef {{ runs: number, models: number, tools: number, failed: number, counted: number, input: number, output: number, cost: number, priced: number, unpriced: number, wallMs: number }} TimelineTotals */

/**
 * The timeline view of studio-main.js's `views`: `clear()` when another
 * thread opens, `add(e, data)` for each event of the open thread's stream.
 * @param {HTMLElement} root `#timeline`
 */
function timelineView(root) {
  const placeholder = root.textContent ?? '';
  /** @type {TimelineRun[]} */
  let runs = [];
  /** @type {{ e: SseEvent, data: Record<string, unknown> }[]} */
  let pending = [];
  let frame = 0;
  let tick = 0;
  /** @type {TimelineCall | undefined} */
  let selected;
  /** @type {Map<string, number>} */
  const lanes = new Map();
  /** The server's time as last seen (an event's `ts`) and when that was here. */
  const clock = { server: 0, local: 0 };
  const now = () => clock.server + (performance.now() - clock.local);
  const summary = el('div', 'tl-summary');
  const list = el('div', 'tl-runs');
  const detail = el('div', 'tl-detail');

  const draw = () => {
    frame = 0;
    const batch = pending;
    pending = [];
    for (const { e, data } of batch) take(e, data);
    render();
  };
  const schedule = () => void (frame ||= requestAnimationFrame(draw));

  /** @param {SseEvent} e @param {Record<string, unknown>} data */
  function take(e, data) {
    const ts = e.event === 'run' ? data['startedAt'] : data['ts'];
    if (typeof ts === 'number' && ts >= clock.server) Object.assign(clock, { server: ts, local: performance.now() });
    const run = runs.at(-1);
    if (e.event === 'run') runs.push(timelineRun(/** @type {RunStart} */ (/** @type {unknown} */ (data))));
    else if (!run) return;
    else if (e.event === 'call') takeCall(run, /** @type {CallStart | CallEnd} */ (/** @type {unknown} */ (data)));
    else if (e.event === 'graph' && data['type'] === 'step.end')
      Object.assign(run, { usage: /** @type {StepUsage} */ (/** @type {unknown} */ (data['usage'])), changed: true });
    else if (e.event === 'graph' && typeof data['ts'] === 'number') run.endedAt = data['ts'];
    else if (e.event === 'end') {
      const end = /** @type {RunEnd} */ (/** @type {unknown} */ (data));
      Object.assign(run, { status: end.status, interrupts: end.interrupts?.length ?? 0, endedAt: run.endedAt ?? now(), changed: true });
    }
  }

  /** @param {TimelineRun} run @param {CallStart | CallEnd} d */
  function takeCall(run, d) {
    run.changed = true;
    if (d.phase === 'start') {
      if (!lanes.has(d.agentName)) lanes.set(d.agentName, lanes.size % TIMELINE_LANES);
      const call = { start: d, end: undefined, row: undefined, changed: true };
      run.calls.push(call);
      run.byId.set(d.callId, call);
      return;
    }
    const call = run.byId.get(d.callId);
    if (!call) return;
    call.end = d;
    call.changed = true;
    if (call === selected) showCallDetail(detail, call, run.startedAt);
  }

  function render() {
    if (runs.length === 0) return;
    if (root.firstChild !== summary) {
      root.classList.remove('muted');
      root.replaceChildren(summary, list, detail);
    }
    const at = now();
    let running = false;
    runs.forEach((run, i) => {
      if (!run.section) mountTimelineRun(list, run, runs[i - 1]);
      running = renderRun(run, at) || running;
    });
    timelineTotals(summary, runs, at, 'thread');
    if (running && !tick) tick = window.setTimeout(() => ((tick = 0), schedule()), TIMELINE_TICK_MS);
  }

  /** Draws what changed in a run; says whether it is still under way. @param {TimelineRun} run @param {number} at */
  function renderRun(run, at) {
    const live = run.status === undefined;
    if (!run.changed && !live) return false;
    run.list?.style.setProperty('--span', String(Math.max(1, (run.endedAt ?? at) - run.startedAt)));
    const fresh = document.createDocumentFragment();
    for (const call of run.calls) {
      const open = !call.end && live;
      if (!call.changed && !open) continue;
      const lane = lanes.get(call.start.agentName) ?? 0;
      if (!call.row) fresh.append((call.row = timelineRow(call, lane, () => select(call, run))));
      drawCall(call, run.startedAt, open ? at : (call.end?.ts ?? run.endedAt ?? at));
      call.changed = false;
    }
    // A run without calls (a graph without agents): say so rather than show an empty axis.
    if (!live && run.calls.length === 0) fresh.append(el('li', 'tl-none muted', 'no model or tool calls'));
    run.list?.append(fresh);
    if (run.section) run.section.dataset['status'] = run.status ?? 'running';
    if (run.totals) timelineTotals(run.totals, [run], at, 'run');
    if (run.usage && run.usageBox) timelineUsage(run.usageBox, run.usage);
    run.changed = false;
    return live;
  }

  /** @param {TimelineCall} call @param {TimelineRun} run */
  function select(call, run) {
    selected?.row?.querySelector('button')?.setAttribute('aria-pressed', 'false');
    selected = call;
    call.row?.querySelector('button')?.setAttribute('aria-pressed', 'true');
    showCallDetail(detail, call, run.startedAt);
  }

  return {
    clear() {
      cancelAnimationFrame(frame);
      clearTimeout(tick);
      frame = tick = 0;
      pending = [];
      runs = [];
      selected = undefined;
      lanes.clear();
      summary.replaceChildren();
      list.replaceChildren();
      detail.replaceChildren();
      root.classList.add('muted');
      root.replaceChildren(placeholder);
    },
    /** @param {SseEvent} e @param {unknown} data */
    add(e, data) {
      if (e.event === 'agent' || !isRecord(data)) return;
      // Of the graph's events: the run's end, and the steps' ends that carry the thread's usage.
      if (e.event === 'graph' && data['type'] !== 'run.end' && !(data['type'] === 'step.end' && isRecord(data['usage']))) return;
      pending.push({ e, data });
      schedule();
    },
  };
}

/** A run as the timeline keeps it, from its `run` event. @param {RunStart} start @returns {TimelineRun} */
function timelineRun(start) {
  const { runId, mode, startedAt } = start;
  const run = {
    runId,
    mode,
    startedAt,
    endedAt: undefined,
    status: undefined,
    interrupts: 0,
    calls: [],
    byId: new Map(),
    usage: undefined,
  };
  return { ...run, section: undefined, list: undefined, totals: undefined, usageBox: undefined, changed: true };
}

/**
 * A run's section in the list: its title, its totals, its calls' list
 * (after the mark of the wait before it, when a run came before).
 * @param {HTMLElement} list @param {TimelineRun} run @param {TimelineRun | undefined} before
 */
function mountTimelineRun(list, run, before) {
  if (before?.endedAt !== undefined) list.append(waitMark(before, run));
  const section = el('section', 'tl-run');
  section.dataset['runId'] = run.runId;
  const head = el('header', 'tl-head');
  const totals = el('div', 'tl-totals');
  // The thread's count after the run's last step: shown once a step.end carried it.
  const usageBox = el('div', 'tl-usage');
  usageBox.hidden = true;
  head.append(el('span', 'tl-title', `${run.mode} · ${timeText(run.startedAt)}`), totals, usageBox);
  const calls = el('ol', 'tl-calls');
  section.append(head, calls);
  list.append(section);
  Object.assign(run, { section, list: calls, totals, usageBox });
}

/**
 * One call's row: a button (the click shows its detail) holding its line of
 * text (agent, name, what it cost) and its track with the bar.
 * @param {TimelineCall} call @param {number} lane its agent's colour @param {() => void} onClick
 */
function timelineRow(call, lane, onClick) {
  const { start } = call;
  const li = el('li', 'tl-call');
  Object.assign(li.dataset, { callId: start.callId, kind: start.kind, agent: start.agentName, lane: String(lane) });
  li.dataset['name'] = (start.kind === 'model' ? start.model : start.toolName) ?? '';
  const hit = button('', 'tl-hit', onClick);
  hit.setAttribute('aria-pressed', 'false');
  const line = el('span', 'tl-line');
  const name = start.kind === 'model' ? `model ${start.model ?? ''}` : (start.toolName ?? '');
  line.append(el('span', 'tl-agent', start.agentName), el('span', 'tl-name', name), el('span', 'tl-info'));
  const track = el('span', 'tl-track');
  track.append(el('span', 'tl-bar'));
  hit.append(line, track);
  li.append(hit);
  return li;
}

/**
 * A call's bar (its start and length on the run's axis, as CSS variables the
 * stylesheet divides by the run's `--span`) and its line of text.
 * @param {TimelineCall} call @param {number} runStart @param {number} until where a running (or unfinished) call's bar ends
 */
function drawCall(call, runStart, until) {
  const { start, end } = call;
  const row = /** @type {HTMLElement} */ (call.row);
  const duration = end ? end.durationMs : Math.max(0, until - start.ts);
  const bar = /** @type {HTMLElement} */ (row.querySelector('.tl-bar'));
  bar.style.setProperty('--start', String(Math.max(0, start.ts - runStart)));
  bar.style.setProperty('--dur', String(duration));
  row.dataset['status'] = end?.status ?? 'running';
  if (end?.kind === 'model') {
    const d = row.dataset;
    if (end.usage) Object.assign(d, { inputTokens: String(end.usage.inputTokens), outputTokens: String(end.usage.outputTokens) });
    if (end.cost !== undefined) d['cost'] = String(end.cost);
    if (end.finishReason) d['finishReason'] = end.finishReason;
  }
  const info = /** @type {HTMLElement} */ (row.querySelector('.tl-info'));
  info.textContent = callInfo(call, duration);
}

/** What a row says after its name. @param {TimelineCall} call @param {number} duration */
function callInfo(call, duration) {
  const { end } = call;
  const parts = [];
  if (end?.usage) parts.push(tokenText(end.usage));
  if (end?.cost !== undefined) parts.push(costText(end.cost));
  if (end?.finishReason) parts.push(end.finishReason);
  if (end?.status === 'failed') parts.push(`failed${end.error ? `: ${end.error.code}` : ''}`);
  else if (end && end.status !== 'done') parts.push(end.status);
  parts.push(end ? durationText(duration) : `${durationText(duration)} …`);
  return parts.join(' · ');
}

/**
 * Totals of runs: calls, failed tool calls, tokens (when a model reported
 * them), cost (of the priced calls; how many were not), wall time (from each run's start to its end,
 * or now; waits between runs are not in it).
 * @param {HTMLElement} box @param {TimelineRun[]} runs @param {number} at @param {'run' | 'thread'} scope
 */
function timelineTotals(box, runs, at, scope) {
  /** @type {TimelineTotals} */
  const t = {
    runs: runs.length,
    models: 0,
    tools: 0,
    failed: 0,
    counted: 0,
    input: 0,
    output: 0,
    cost: 0,
    priced: 0,
    unpriced: 0,
    wallMs: 0,
  };
  for (const run of runs) {
    t.wallMs += Math.max(0, (run.endedAt ?? at) - run.startedAt);
    for (const { start, end } of run.calls) {
      if (start.kind === 'tool') {
        t.tools++;
        if (end?.status === 'failed') t.failed++;
        continue;
      }
      t.models++;
      if (!end?.usage) continue;
      t.counted++;
      t.input += end.usage.inputTokens;
      t.output += end.usage.outputTokens;
      if (end.cost === undefined) t.unpriced++;
      else ((t.cost += end.cost), t.priced++);
    }
  }
  const parts = [
    ...(scope === 'thread' ? [`${t.runs} run${t.runs === 1 ? '' : 's'}`] : []),
    `${t.models} model call${t.models === 1 ? '' : 's'}`,
    `${t.tools} tool call${t.tools === 1 ? '' : 's'}${t.failed ? ` (${t.failed} failed)` : ''}`,
    ...(t.counted ? [tokenText({ inputTokens: t.input, outputTokens: t.output })] : []),
    ...(t.priced ? [costText(t.cost) + (t.unpriced ? ` (+${t.unpriced} unpriced)` : '')] : []),
    `wall ${durationText(t.wallMs)}`,
  ];
  box.textContent = parts.join(' · ');
  Object.assign(box.dataset, { models: String(t.models), tools: String(t.tools), failed: String(t.failed) });
  Object.assign(box.dataset, {
    inputTokens: String(t.input),
    outputTokens: String(t.output),
    cost: String(t.cost),
    wallMs: String(Math.round(t.wallMs)),
  });
}

/** The mark between two runs: how long the thread waited (for answers to interrupts, or until a resume). @param {TimelineRun} before @param {TimelineRun} run */
function waitMark(before, run) {
  const ms = Math.max(0, run.startedAt - (before.endedAt ?? run.startedAt));
  const why =
    before.status === 'interrupted'
      ? `for ${before.interrupts === 1 ? 'an answer' : `${before.interrupts} answers`}`
      : `until the ${run.mode}`;
  const mark = el('div', 'tl-wait', `waited ${durationText(ms)} ${why}`);
  mark.dataset['waitMs'] = String(Math.round(ms));
  return mark;
}

/** @param {TokenUsage} u */
function tokenText(u) {
  const n = (/** @type {number} */ x) => x.toLocaleString('en-US');
  return `${n(u.inputTokens + u.outputTokens)} tok (${n(u.inputTokens)} in · ${n(u.outputTokens)} out)`;
}

/** Dollars: cents at a dollar or more, else three significant digits (a call costs fractions of a cent). @param {number} cost */
function costText(cost) {
  return `$${cost >= 1 ? cost.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : cost.toLocaleString('en-US', { maximumSignificantDigits: 3 })}`;
}

/** @param {number} ms */
function durationText(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const s = Math.round(ms / 1000);
  return s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

// @ts-check
/**
 * What the open thread spent, above its conversation: tokens, dollars (when
 * a price was known), model and tool calls, and with a budget each limit's
 * use, the limit and what remains ("spent" when nothing does). It shows the
 * thread's latest checkpoint (GET /state) and follows the count as a run's
 * `step.end` events carry it. A thread that counted nothing and has no
 * budget shows nothing.
 */

/** The limits a budget can set, with their words. */
const USAGE_LIMITS = /** @type {const} */ ([
  ['tokens', 'tokens'],
  ['costUsd', 'cost'],
  ['modelCalls', 'model calls'],
  ['toolCalls', 'tool calls'],
  ['wallMs', 'running time'],
]);

/**
 * The usage strip of studio-main.js's `views`: `clear()` when another thread
 * opens, `add(e, data)` for each event of its stream, `show(view)` with its state.
 * @param {HTMLElement} root `#thread-usage`
 */
function usageView(root) {
  /** @param {ThreadUsage | undefined} u */
  const draw = (u) => {
    root.hidden = !u || (!u.usage && !u.budget);
    if (!u || root.hidden) return void root.replaceChildren();
    root.replaceChildren(...usageParts(u));
  };
  return {
    clear: () => draw(undefined),
    /** @param {{ usage: ThreadUsage['usage'], budget: ThreadUsage['budget'], remaining: ThreadUsage['remaining'] } | undefined} view */
    show: (view) => draw(view && { usage: view.usage, budget: view.budget, remaining: view.remaining }),
    /** @param {SseEvent} e @param {unknown} data */
    add(e, data) {
      if (e.event !== 'graph' || !isRecord(data) || data['type'] !== 'step.end' || !isRecord(data['usage'])) return;
      const step = /** @type {StepUsage} */ (/** @type {unknown} */ (data['usage']));
      draw({ usage: step.used, budget: step.budget ?? null, remaining: step.remaining ?? null });
    },
  };
}

/** The strip's parts: what was used, then each limit the budget sets. @param {ThreadUsage} u */
function usageParts(u) {
  const used = u.usage ?? { tokens: 0, inputTokens: 0, outputTokens: 0, costUsd: 0, modelCalls: 0, toolCalls: 0, wallMs: 0 };
  const priced = used.costUsd > 0 || u.budget?.costUsd !== undefined;
  const head = el('span', 'usage-used', usageText(used, priced));
  Object.assign(head.dataset, {
    tokens: String(used.tokens),
    cost: String(used.costUsd),
    modelCalls: String(used.modelCalls),
    toolCalls: String(used.toolCalls),
  });
  const parts = [el('span', 'usage-label', 'Used'), head];
  const budget = u.budget;
  if (!budget) return parts;
  parts.push(el('span', 'usage-label', 'Budget'));
  for (const [name, word] of USAGE_LIMITS) {
    const limit = budget[name];
    if (limit === undefined) continue;
    const left = u.remaining?.[name] ?? Math.max(0, limit - used[name]);
    const figure = (/** @type {number} */ n) => limitFigure(name, n);
    const item = el(
      'span',
      'usage-limit',
      `${word} ${figure(used[name])} of ${figure(limit)} · ${left > 0 ? `${figure(left)} left` : 'spent'}`,
    );
    Object.assign(item.dataset, { limit: name, used: String(used[name]), budget: String(limit), remaining: String(left) });
    if (left <= 0) item.dataset['spent'] = 'true';
    parts.push(item);
  }
  if (budget.onExceeded === 'interrupt') parts.push(el('span', 'usage-note muted', 'asks for more when spent'));
  return parts;
}

/** @param {Usage} used @param {boolean} priced */
function usageText(used, priced) {
  const n = (/** @type {number} */ x) => x.toLocaleString('en-US');
  const plural = (/** @type {number} */ x, /** @type {string} */ word) => `${n(x)} ${word}${x === 1 ? '' : 's'}`;
  return [
    plural(used.tokens, 'token'),
    ...(priced ? [`$${used.costUsd.toFixed(4)}`] : []),
    plural(used.modelCalls, 'model call'),
    plural(used.toolCalls, 'tool call'),
  ].join(' · ');
}

/** @param {keyof Usage} name @param {number} n */
function limitFigure(name, n) {
  if (name === 'costUsd') return `$${n.toFixed(4)}`;
  if (name === 'wallMs') return durationText(n);
  return Math.round(n).toLocaleString('en-US');
}

/**
 * A run's line on the timeline: the thread's count after the run's last
 * step (its `step.end` usage), and with a budget what remains of each limit.
 * @param {HTMLElement} box @param {StepUsage} step
 */
function timelineUsage(box, step) {
  const { used, budget, remaining } = step;
  const priced = used.costUsd > 0 || budget?.costUsd !== undefined;
  const left = USAGE_LIMITS.filter(([name]) => remaining?.[name] !== undefined).map(
    ([name, word]) => `${word} ${limitFigure(name, /** @type {number} */ (remaining?.[name]))} left`,
  );
  box.textContent = [`thread: ${usageText(used, priced)}`, ...left].join(' · ');
  box.hidden = false;
  Object.assign(box.dataset, {
    tokens: String(used.tokens),
    cost: String(used.costUsd),
    modelCalls: String(used.modelCalls),
    toolCalls: String(used.toolCalls),
  });
  if (remaining) box.dataset['remaining'] = JSON.stringify(remaining);
}

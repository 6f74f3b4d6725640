// @ts-check
/**
 * The queue's schedules, under the threads: a row per schedule — its id,
 * its cron pattern and time zone or its period, the thread its ticks run
 * ('new' or a fixed id), its next tick and latest run (local time), and how
 * many of its latest ticks were skipped. Only a studio served on a queue
 * (`weft serve --queue`) has schedules: GET /api/graph says so
 * (`schedules: true`), and only then does the page ask GET /api/schedules
 * (elsewhere 400 NOT_SUPPORTED, which would stop the asking too). The list
 * is read again every 10 s until `signal` aborts (the page unloads).
 */

/** How often the list is read again: ticks are minutes apart, a list 10 s old is still the schedules'. */
const SCHEDULES_EVERY_MS = 10_000;

/** @typedef {{ at: number, jobId: string }} ScheduleRun */
/** GET /api/schedules' row (src/api/schedules-schema.ts). @typedef {{ id: string, target: string, cron?: string, everyMs?: number, timezone?: string, threadId: string, overlap: string, next?: number, runs: ScheduleRun[], skipped: number[] }} ScheduleRow */

/**
 * Reads the schedules now and 10 s after each answer, until `signal` aborts;
 * a studio without a queue (NOT_SUPPORTED) is not asked again.
 * @param {HTMLElement} panel `#schedules-panel` @param {HTMLElement} list `#schedules` @param {AbortSignal} signal
 */
function schedulesView(panel, list, signal) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  const load = async () => {
    if (signal.aborted) return;
    try {
      const { schedules } = /** @type {{ schedules: ScheduleRow[] }} */ (await api('GET', '/api/schedules'));
      if (signal.aborted) return;
      list.replaceChildren(...(schedules.length > 0 ? schedules.map(scheduleItem) : [el('li', 'muted schedule-none', 'No schedules.')]));
      Object.assign(panel.dataset, { state: 'listed', count: String(schedules.length) });
      panel.hidden = false;
      timer = setTimeout(() => void load(), SCHEDULES_EVERY_MS);
    } catch (err) {
      // No queue (400 NOT_SUPPORTED): nothing to show, nothing to read again. Any other failure (the queue's Redis
      // unreachable, say) hides a list that would be stale and tries again in 10 s.
      panel.hidden = true;
      panel.dataset['state'] = err instanceof ApiError ? err.code : 'failed';
      list.replaceChildren();
      if (err instanceof ApiError && err.code === 'NOT_SUPPORTED') return;
      console.warn('the schedules could not be read:', err);
      timer = setTimeout(() => void load(), SCHEDULES_EVERY_MS);
    }
  };
  void load();
}

/** One schedule's row. @param {ScheduleRow} s */
function scheduleItem(s) {
  const item = el('li', 'schedule-row');
  item.dataset['scheduleId'] = s.id;
  const last = s.runs.at(-1);
  item.append(
    el('span', 'schedule-id', s.id),
    el('span', 'schedule-when', scheduleWhen(s)),
    el('span', 'schedule-thread', s.threadId === 'new' ? 'new thread per tick' : `thread ${s.threadId}`),
    scheduleTime('next', s.next),
    scheduleTime('latest run', last?.at),
    el('span', 'schedule-skipped', `${s.skipped.length} skipped`),
  );
  if (last) item.dataset['jobId'] = last.jobId;
  return item;
}

/** When the schedule ticks. @param {ScheduleRow} s */
function scheduleWhen(s) {
  if (s.cron !== undefined) return `cron ${s.cron} · ${s.timezone ?? 'workers’ time zone'}`;
  return `every ${durationText(s.everyMs ?? 0)}`;
}

/** A labelled time in the reader's zone, or "none". @param {string} label @param {number | undefined} at */
function scheduleTime(label, at) {
  const span = el('span', 'schedule-time', `${label} `);
  if (at === undefined) {
    span.append('none');
    return span;
  }
  const time = el('time', '', new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
  time.setAttribute('datetime', new Date(at).toISOString());
  span.append(time);
  return span;
}

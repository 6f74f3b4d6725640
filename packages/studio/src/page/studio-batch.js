// @ts-check
/**
 * Rows that reach the page a frame at a time. A run sends its events faster
 * than a person reads them (a thousand in a second is ordinary): putting
 * each row in the document as its event comes costs a style and layout pass
 * per event, and a panel that keeps its scroll at the bottom reads layout
 * per event too. Queued here, the rows of a frame go in with one append and
 * the panel reads its layout once per frame.
 */

/** How long rows wait for a frame when none comes (a hidden tab draws none). */
const BATCH_WAIT_MS = 250;
/**
 * Rows one frame puts in; more wait for the next frames. A thread reopened
 * with a thousand rows of history, or a stream's replay, then paints in a
 * few frames of a few tens of ms each instead of one frame of a few hundred
 * (18,000 rows a second: faster than any run sends them).
 */
const ROWS_PER_FRAME = 300;

/**
 * @param {(rows: HTMLElement[]) => void} write puts the queued rows in the document, in order, at once
 */
function frameBatch(write) {
  /** @type {HTMLElement[]} */
  let pending = [];
  let frame = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const cancel = () => {
    if (frame) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    frame = 0;
    timer = undefined;
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(() => flush(ROWS_PER_FRAME));
    if (timer === undefined) timer = setTimeout(() => flush(ROWS_PER_FRAME), BATCH_WAIT_MS);
  };
  /** @param {number} most */
  const flush = (most) => {
    cancel();
    if (pending.length === 0) return;
    const rows = pending.length > most ? pending.splice(0, most) : pending;
    if (rows === pending) pending = [];
    else schedule();
    write(rows);
  };
  return {
    /** Queues rows for the next frame. @param {HTMLElement[]} rows */
    push(rows) {
      if (rows.length === 0) return;
      for (const row of rows) pending.push(row);
      schedule();
    },
    /** Writes all that is queued now (a run's end: the page's state says the run ended, its rows are there). */
    flush: () => flush(Infinity),
    /** Drops what is queued (another thread opened). */
    clear() {
      cancel();
      pending = [];
    },
  };
}

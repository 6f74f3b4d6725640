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
  const flush = () => {
    cancel();
    if (pending.length === 0) return;
    const rows = pending;
    pending = [];
    write(rows);
  };
  return {
    /** Queues rows for the next frame. @param {HTMLElement[]} rows */
    push(rows) {
      if (rows.length === 0) return;
      for (const row of rows) pending.push(row);
      if (!frame) frame = requestAnimationFrame(flush);
      if (timer === undefined) timer = setTimeout(flush, BATCH_WAIT_MS);
    },
    /** Writes what is queued now (a run's end: the page's state says the run ended, its rows are there). */
    flush,
    /** Drops what is queued (another thread opened). */
    clear() {
      cancel();
      pending = [];
    },
  };
}

// @ts-check
/**
 * A thread's live events. EventSource cannot send the Authorization header,
 * so the page reads the stream with fetch and parses Server-Sent Events
 * itself: lines end with CR, LF or CRLF (a CR at the end of one chunk and an
 * LF at the start of the next are one line end), `data:` lines join with
 * "\n", comments (`:`) are skipped, a blank line dispatches the event.
 */

/** Backoff after a dropped stream: from this, doubling, to RECONNECT_MAX_MS. */
const RECONNECT_MIN_MS = 400;
const RECONNECT_MAX_MS = 5_000;
/**
 * The longest the page hands events on before it lets the browser paint and
 * answer input. A chunk of the stream can hold thousands of events (a run's
 * replay, a fast run); handled in one task they held the page 220-450 ms for
 * a run of 5,000 events (measured with test/support/measure-render.ts).
 */
const DISPATCH_SLICE_MS = 8;

/**
 * An incremental SSE parser: push text as it arrives.
 * @param {(event: SseEvent) => void} onEvent
 */
function sseParser(onEvent) {
  let buffer = '';
  let endedOnCR = false;
  /** @type {string[]} */
  let data = [];
  let type = '';
  let lastId = '';
  /** @param {string} line */
  const take = (line) => {
    if (line === '') {
      if (data.length > 0) onEvent({ id: lastId, event: type || 'message', data: data.join('\n') });
      data = [];
      type = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
  };
  return {
    /** @param {string} text */
    push(text) {
      if (endedOnCR && text.startsWith('\n')) text = text.slice(1);
      endedOnCR = false;
      buffer += text;
      const ends = /\r\n|\r|\n/g;
      let start = 0;
      for (let m = ends.exec(buffer); m; m = ends.exec(buffer)) {
        take(buffer.slice(start, m.index));
        start = ends.lastIndex;
        if (m[0] === '\r' && start === buffer.length) endedOnCR = true;
      }
      buffer = buffer.slice(start);
    },
  };
}

/**
 * Follows a thread's events until `signal` aborts: the current run's from its
 * start, then every later run's. After a drop it reconnects with
 * `Last-Event-ID` (the server sends what came after it), backing off a little
 * more each time it fails in a row. An answer other than the stream (a bad
 * thread id) stops it.
 * @param {string} threadId
 * @param {{ event: (e: SseEvent) => void, connection: (state: 'connecting' | 'live' | 'reconnecting' | 'closed') => void, failed: (err: unknown) => void }} on
 * @param {AbortSignal} signal
 */
async function followEvents(threadId, on, signal) {
  /** @type {string | undefined} */
  let lastId;
  let wait = RECONNECT_MIN_MS;
  on.connection('connecting');
  while (!signal.aborted) {
    try {
      /** @type {Record<string, string>} */
      const headers = lastId === undefined ? {} : { 'Last-Event-ID': lastId };
      const res = await authorizedFetch(threadPath(threadId, 'events'), { headers, signal });
      if (!res.ok || !res.body) {
        on.connection('closed');
        return on.failed(await errorOf(res));
      }
      on.connection('live');
      /** @type {SseEvent[]} */
      const parsed = [];
      const parser = sseParser((e) => void parsed.push(e));
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        parser.push(r.value);
        await dispatch(parsed, signal, (e) => {
          lastId = e.id;
          wait = RECONNECT_MIN_MS;
          on.event(e);
        });
      }
    } catch {
      // A dropped connection (or the abort): reconnect unless aborted.
    }
    if (signal.aborted) break;
    on.connection('reconnecting');
    await sleep(wait, signal);
    wait = Math.min(wait * 2, RECONNECT_MAX_MS);
  }
}

/**
 * Hands the parsed events on in order, in slices of DISPATCH_SLICE_MS with
 * a turn of the event loop between them; empties `events`.
 * @param {SseEvent[]} events @param {AbortSignal} signal @param {(e: SseEvent) => void} handle
 */
async function dispatch(events, signal, handle) {
  let since = Date.now();
  for (let i = 0; i < events.length && !signal.aborted; i++) {
    handle(/** @type {SseEvent} */ (events[i]));
    if (Date.now() - since < DISPATCH_SLICE_MS) continue;
    await sleep(0, signal);
    since = Date.now();
  }
  events.length = 0;
}

/** Resolves after `ms`, or at once when `signal` aborts. @param {number} ms @param {AbortSignal} signal */
function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      { once: true },
    );
  });
}

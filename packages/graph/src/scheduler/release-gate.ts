import type { ReleaseEvery } from '../spec/guardrail.ts';

/** What a ReleaseGate is wired to. */
export interface ReleaseGateOptions<C> {
  every: ReleaseEvery;
  /** The text a chunk adds (a chunk without text adds ''). */
  textOf: (chunk: C) => string;
  /**
   * Checks the text so far (up to a window's end). Resolves true to release
   * the window, false to hold everything until the end (a guardrail would
   * rewrite the text: what is released could not be taken back); rejects to
   * stop (a trip, or a check that failed).
   */
  check: (textSoFar: string) => Promise<boolean>;
  /** Passes released chunks on, in order. */
  release: (chunk: C) => void;
  /** A window was released: how many characters it held, for how long. */
  released?: ((heldChars: number, heldMs: number) => void) | undefined;
  /** A check rejected: the stream can stop (its held chunks are dropped). */
  onFailure?: ((error: unknown) => void) | undefined;
}

interface Held<C> {
  chunk: C;
  /** Where the chunk's text ends in the whole text. */
  end: number;
  at: number;
}

const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/**
 * Holds a stream's chunks until guardrails passed the text so far, and lets
 * them through window by window (up to each sentence's end, or every n
 * characters), so a chunk whose text was not checked never passes. One check
 * runs at a time; chunks that come meanwhile wait for the next window. A
 * chunk is released whole, once all its text is inside a checked window. A
 * gate can start closed (`closed: true`) and be opened later: nothing is
 * released before, whatever the windows (a parallel input check).
 *
 * @example
 * const gate = new ReleaseGate({ every: 'sentence', textOf: String, check, release: (c) => emitChunk(c) });
 * for await (const c of stream) { gate.push(c); if (gate.failure) throw gate.failure.error; }
 * await gate.settled(); // then the whole text's check, and gate.flush() or gate.drop()
 */
export class ReleaseGate<C> {
  #held: Held<C>[] = [];
  #text = '';
  #checked = 0;
  #checking: Promise<void> | undefined;
  #holdAll = false;
  #closed: boolean;
  /** Set once a check rejected: nothing more is released. */
  failure: { error: unknown } | undefined;

  constructor(
    readonly options: ReleaseGateOptions<C>,
    closed = false,
  ) {
    this.#closed = closed;
  }

  /** Everything the stream has said so far. */
  get text(): string {
    return this.#text;
  }

  push(chunk: C): void {
    if (this.failure) return;
    this.#text += this.options.textOf(chunk);
    this.#held.push({ chunk, end: this.#text.length, at: Date.now() });
    this.#pump();
  }

  /** Lets windows be released from now on (a closed gate). */
  open(): void {
    this.#closed = false;
    this.#pump();
  }

  /** Waits for the check under way (and those it started); then `failure` says whether one rejected. */
  async settled(): Promise<void> {
    while (this.#checking) await this.#checking;
  }

  /** Releases every chunk still held (the whole text passed). */
  flush(): void {
    this.#releaseTo(Infinity);
  }

  /** Drops every chunk still held (a trip, or a rewritten answer whose original must not be seen). */
  drop(): void {
    this.#held = [];
  }

  #pump(): void {
    if (this.#checking || this.#closed || this.#holdAll || this.failure) return;
    const to = this.#windowEnd();
    if (to <= this.#checked) return;
    this.#checking = this.options.check(this.#text.slice(0, to)).then(
      (release) => {
        this.#checking = undefined;
        this.#checked = to;
        if (!release) this.#holdAll = true;
        else this.#releaseTo(to);
        this.#pump();
      },
      (error: unknown) => {
        this.#checking = undefined;
        this.failure = { error };
        this.drop();
        this.options.onFailure?.(error);
      },
    );
  }

  /** The end of the last complete window in the unchecked text, or `#checked` when none is complete yet. */
  #windowEnd(): number {
    const { every } = this.options;
    const rest = this.#text.length - this.#checked;
    if (typeof every === 'number') return rest >= every ? this.#text.length : this.#checked;
    let end = this.#checked;
    let last = this.#checked;
    // A sentence is complete once another one starts after it.
    for (const s of sentences.segment(this.#text.slice(this.#checked))) {
      end = last;
      last = this.#checked + s.index + s.segment.length;
    }
    return end;
  }

  #releaseTo(to: number): void {
    let n = 0;
    while (n < this.#held.length && this.#held[n]!.end <= to) n++;
    if (n === 0) return;
    const out = this.#held.splice(0, n);
    const from = out[0]!.end - this.options.textOf(out[0]!.chunk).length;
    for (const h of out) this.options.release(h.chunk);
    this.options.released?.(out[n - 1]!.end - from, Date.now() - out[0]!.at);
  }
}

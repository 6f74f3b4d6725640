import { rename, rm, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isWeftError } from '@weft/common';
import type { ChatModel, Message, MessageChunk, ModelCallOptions } from '@weft/chat-model';
import { recordModel, replayModel } from '@weft/models';
import { EvalError } from '../errors.ts';
import type { EvalMode } from './run-eval-options.ts';

/** Where a case's cassette is and how to name the case in a message. */
export interface CaseCassette {
  caseId: string;
  file: string;
  /** The command that re-records this case, for the mismatch message. */
  recordCommand: string;
}

/**
 * The models of one try of one case: `model(live)` gives what the case's
 * target and scorers call. Replaying, every model of the case answers from
 * one cassette (one replay shared by all of them, so each recorded answer is
 * used once); recording, each live model's calls are appended to a fresh
 * copy of the cassette that replaces the old one when the try ends well
 * (`commit`; a failed run's recording is dropped); live, the model itself. A replay that finds no answer never
 * falls through to the live model: it fails the call with
 * CASSETTE_MISMATCH naming the case, the call and the command that
 * re-records it — also kept in `mismatch`, since the run may wrap it.
 */
export class CaseModels {
  readonly #mode: EvalMode;
  readonly #cassette: CaseCassette;
  readonly #recording: string;
  #replay: ChatModel | undefined;
  #calls = 0;
  #mismatch: EvalError | undefined;

  constructor(mode: EvalMode, cassette: CaseCassette) {
    this.#mode = mode;
    this.#cassette = cassette;
    this.#recording = `${cassette.file}.recording-${process.pid}`;
  }

  /** The first call a replay could not answer, if any. */
  get mismatch(): EvalError | undefined {
    return this.#mismatch;
  }

  /** Prepares the try: a recording starts from an empty file. */
  async open(): Promise<void> {
    if (this.#mode !== 'record') return;
    await mkdir(dirname(this.#cassette.file), { recursive: true });
    await rm(this.#recording, { force: true });
  }

  /** Ends the try: a recording replaces the case's cassette (only when the model was called). */
  async commit(): Promise<void> {
    if (this.#mode !== 'record') return;
    if (this.#calls === 0) await rm(this.#recording, { force: true });
    else await rename(this.#recording, this.#cassette.file);
  }

  /** Drops a recording that will not be kept. */
  async discard(): Promise<void> {
    if (this.#mode === 'record') await rm(this.#recording, { force: true });
  }

  model(live: ChatModel, options: { name?: string } = {}): ChatModel {
    const name = options.name ?? live.name;
    if (this.#mode === 'live') return live;
    if (this.#mode === 'record') return this.#counted(recordModel(live, this.#recording, { name }), live);
    this.#replay ??= replayModel(this.#cassette.file, { name: `cassette:${this.#cassette.caseId}` });
    return this.#replaying(this.#replay, live, name);
  }

  #counted(inner: ChatModel, live: ChatModel): ChatModel {
    const count = () => {
      this.#calls += 1;
    };
    return withCapabilities(live, {
      name: inner.name,
      generate: (messages, options) => {
        count();
        return inner.generate(messages, options);
      },
      stream: (messages, options) => {
        count();
        return inner.stream(messages, options);
      },
    });
  }

  #replaying(replay: ChatModel, live: ChatModel, name: string): ChatModel {
    const translate = (call: number, err: unknown): never => {
      if (!isWeftError(err) || (err.code !== 'CASSETTE_MISMATCH' && err.code !== 'CASSETTE_INVALID')) throw err;
      const { caseId, file, recordCommand } = this.#cassette;
      const what = err.code === 'CASSETTE_INVALID' ? 'cannot be replayed: the cassette is missing or unreadable' : 'has no recorded answer';
      const mismatch = new EvalError(
        'CASSETTE_MISMATCH',
        `case "${caseId}": model call ${call} (${name}) ${what} in ${file}; re-record the case with: ${recordCommand}\n${err.message}`,
        { cause: err, details: { caseId, call, model: name, file } },
      );
      this.#mismatch ??= mismatch;
      throw mismatch;
    };
    return withCapabilities(live, {
      name,
      generate: async (messages, options) => {
        const call = ++this.#calls;
        try {
          return await replay.generate(messages, options);
        } catch (err) {
          return translate(call, err);
        }
      },
      stream: (messages, options) => {
        const call = ++this.#calls;
        return (async function* () {
          try {
            yield* replay.stream(messages, options);
          } catch (err) {
            translate(call, err);
          }
        })();
      },
    });
  }
}

type Calls = {
  name: string;
  generate(messages: readonly Message[], options: ModelCallOptions): Promise<Message>;
  stream(messages: readonly Message[], options: ModelCallOptions): AsyncIterable<MessageChunk>;
};

/** The live model's capabilities (what it accepts, its info) on a model that answers for it. */
function withCapabilities(live: ChatModel, calls: Calls): ChatModel {
  return {
    ...calls,
    ...(live.info === undefined ? {} : { info: live.info }),
    ...(live.accepts === undefined ? {} : { accepts: live.accepts }),
  };
}

import { closeSync, openSync, writeSync } from 'node:fs';
import { WeftError } from '../errors.ts';
import { errorToJSON } from '@weft/common';
import type { GraphJSON } from '../compiler/graph-json.ts';
import type { EventHub } from './event-hub.ts';
import type { GraphEvent } from './graph-event.ts';
import type { JTDDataType } from 'ajv/dist/jtd.js';
import type { runLogHeaderSchema } from './run-log-schema.ts';

export const RUN_LOG_VERSION = 1;

type CheckedHeader = JTDDataType<typeof runLogHeaderSchema>;

/**
 * The first line a recorded run writes: what the viewer needs to draw it without
 * the module. Its fields come from the schema readers check it with; the writer
 * narrows the version and gives the whole graph.
 */
export interface RunLogHeader {
  type: CheckedHeader['type'];
  version: typeof RUN_LOG_VERSION;
  graph: GraphJSON & Pick<CheckedHeader['graph'], 'name' | 'nodes' | 'edges'>;
  ts: CheckedHeader['ts'];
}

/** One line of a run log (JSONL): a header, then the run's events in the order they were emitted. */
export type RunLogLine = RunLogHeader | GraphEvent;

/**
 * Appends a run's events to a JSONL file as they happen, written at every step's
 * end (so a crash loses at most the step in flight) and when the run ends. The
 * file is opened for append: one file can hold a run and its resumes.
 */
export class RunLogWriter {
  readonly #fd: number;
  #lines: string[] = [];
  #closed = false;

  private constructor(fd: number) {
    this.#fd = fd;
  }

  /** Opens `path` for append and writes the header; a path that cannot be written is a typed error. */
  static open(path: string, graph: GraphJSON): RunLogWriter {
    let fd: number;
    try {
      fd = openSync(path, 'a');
    } catch (err) {
      throw new WeftError(
        'INVALID_ARGUMENT',
        `record: cannot write the run log "${path}" (${(err as Error).message}); pass a path in a folder that exists`,
        {
          cause: err,
          details: { path },
        },
      );
    }
    const writer = new RunLogWriter(fd);
    writer.#lines.push(toLogLine({ type: 'run.log', version: RUN_LOG_VERSION, graph, ts: Date.now() } satisfies RunLogHeader));
    writer.flush();
    return writer;
  }

  /** Records every event of `hub` until it closes. */
  follow(hub: EventHub<GraphEvent>): void {
    hub.subscribe({
      next: (event: GraphEvent) => {
        this.#lines.push(toLogLine(event));
        if (event.type === 'step.end' && event.path.length === 0) this.flush();
      },
      error: () => this.close(),
      complete: () => this.close(),
    });
  }

  flush(): void {
    if (this.#lines.length === 0 || this.#closed) return;
    const text = this.#lines.join('');
    this.#lines = [];
    try {
      writeSync(this.#fd, text);
    } catch (err) {
      // The run goes on; the log stops here, and says so once.
      this.#closed = true;
      closeSync(this.#fd);
      process.emitWarning(`weft: the run log stopped: ${(err as Error).message}`, { code: 'WEFT_RUN_LOG' });
    }
  }

  close(): void {
    if (this.#closed) return;
    this.flush();
    if (this.#closed) return;
    this.#closed = true;
    closeSync(this.#fd);
  }
}

/**
 * One JSON line; values JSON cannot hold are written readably instead of
 * failing the run (bigints, functions, Maps, Sets, binary data, cycles).
 */
export function toLogLine(value: unknown): string {
  try {
    return JSON.stringify(value, readable) + '\n';
  } catch {
    // A cycle: written again with every repeated object replaced (shared, acyclic values too, rarely).
    const seen = new WeakSet<object>();
    return (
      JSON.stringify(value, (key, v: unknown) => {
        const out = readable(key, v);
        if (out === null || typeof out !== 'object') return out;
        if (seen.has(out)) return '[circular]';
        seen.add(out);
        return out;
      }) + '\n'
    );
  }
}

function readable(_key: string, v: unknown): unknown {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
  if (typeof v === 'symbol') return v.toString();
  if (v instanceof Error) return errorToJSON(v);
  if (v instanceof Map) return Object.fromEntries(v);
  if (v instanceof Set) return [...v];
  if (ArrayBuffer.isView(v)) return `[${v.constructor.name} ${v.byteLength} bytes]`;
  return v;
}

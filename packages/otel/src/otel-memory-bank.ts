import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import type {
  JsonValue,
  ListOptions,
  ListPage,
  MemoryBank,
  MemoryItem,
  PutOptions,
  PutResult,
  SearchOptions,
  SearchResult,
} from '@weft/memory';
import { errorType } from './error-type.ts';

export interface OtelMemoryBankOptions {
  /** Default: the global tracer provider's tracer named `@weft/otel`. */
  tracer?: Tracer;
  /**
   * Also record what was stored, read and asked: the value's JSON text
   * (`weft.memory.value`), the search query (`weft.memory.search.query`) and
   * an error's message. Off by default: memories and queries are what users
   * said, and may hold personal data.
   */
  captureContent?: boolean;
}

/**
 * The attributes of memory spans. `db.operation.name`,
 * `db.response.returned_rows` and `error.type` are OpenTelemetry's (the
 * database conventions' operation name and returned rows); the rest are
 * Weft's, because the conventions' `db.namespace` is the name of a database
 * on a server, not a path of items inside a bank.
 */
const A = {
  operation: 'db.operation.name',
  returned: 'db.response.returned_rows',
  errorType: 'error.type',
  namespace: 'weft.memory.namespace',
  key: 'weft.memory.key',
  valueBytes: 'weft.memory.value.bytes',
  value: 'weft.memory.value',
  ttl: 'weft.memory.put.ttl_ms',
  idempotent: 'weft.memory.put.idempotent',
  putStatus: 'weft.memory.put.status',
  deleted: 'weft.memory.deleted',
  limit: 'weft.memory.limit',
  filtered: 'weft.memory.filtered',
  mode: 'weft.memory.search.mode',
  fallback: 'weft.memory.search.fallback',
  query: 'weft.memory.search.query',
  swept: 'weft.memory.swept',
} as const;

type Operation = 'put' | 'get' | 'delete' | 'list' | 'search' | 'sweep';

/**
 * A `MemoryBank` that traces another: each call is one span (`memory.put`,
 * `memory.get`, `memory.delete`, `memory.list`, `memory.search`,
 * `memory.sweep`; `close()` is not traced), a child of the active span
 * (with a context manager registered, as the Node SDK does), with the
 * namespace (segments joined by `/`), the key, what a put did, the value's
 * size in bytes, how a search ran and how many items came back. Values and
 * queries are recorded only with `captureContent`. A failed call's span has
 * status ERROR and `error.type` (a `MemoryError`'s code); the error is
 * rethrown unchanged. Spans started inside the bank (a database driver's
 * instrumentation) are children of the memory span.
 *
 * @example
 * import { InMemoryBank } from '@weft/memory';
 * import { otelMemoryBank } from '@weft/otel';
 *
 * const bank = otelMemoryBank(new InMemoryBank());
 * await bank.put(['users', 'u42'], 'plan', { text: 'Pro plan' }); // a memory.put span
 */
export function otelMemoryBank(bank: MemoryBank, options: OtelMemoryBankOptions = {}): MemoryBank {
  return new TracedMemoryBank(bank, options.tracer ?? trace.getTracer('@weft/otel', '0.1.0'), options.captureContent === true);
}

class TracedMemoryBank implements MemoryBank {
  readonly #bank: MemoryBank;
  readonly #tracer: Tracer;
  readonly #content: boolean;

  constructor(bank: MemoryBank, tracer: Tracer, content: boolean) {
    this.#bank = bank;
    this.#tracer = tracer;
    this.#content = content;
  }

  put<V extends JsonValue>(namespace: readonly string[], key: string, value: V, options?: PutOptions): Promise<PutResult<V>> {
    const attributes: Attributes = { [A.namespace]: namespace.join('/'), [A.key]: key };
    if (options?.ttlMs !== undefined) attributes[A.ttl] = options.ttlMs;
    if (options?.idempotencyKey !== undefined) attributes[A.idempotent] = true;
    if (this.#content) attributes[A.value] = jsonText(value);
    return this.#traced(
      'put',
      attributes,
      () => this.#bank.put(namespace, key, value, options),
      (span, result) => {
        span.setAttribute(A.putStatus, result.status);
        if (result.item) span.setAttribute(A.valueBytes, valueBytes(result.item));
      },
    );
  }

  get(namespace: readonly string[], key: string): Promise<MemoryItem | undefined> {
    const attributes = { [A.namespace]: namespace.join('/'), [A.key]: key };
    return this.#traced(
      'get',
      attributes,
      () => this.#bank.get(namespace, key),
      (span, item) => {
        span.setAttribute(A.returned, item ? 1 : 0);
        if (item) span.setAttribute(A.valueBytes, valueBytes(item));
        if (item && this.#content) span.setAttribute(A.value, jsonText(item.value));
      },
    );
  }

  delete(namespace: readonly string[], key: string): Promise<boolean> {
    const attributes = { [A.namespace]: namespace.join('/'), [A.key]: key };
    return this.#traced(
      'delete',
      attributes,
      () => this.#bank.delete(namespace, key),
      (span, deleted) => {
        span.setAttribute(A.deleted, deleted);
      },
    );
  }

  list(prefix: readonly string[], options?: ListOptions): Promise<ListPage> {
    const attributes = queryAttributes(prefix, options);
    return this.#traced(
      'list',
      attributes,
      () => this.#bank.list(prefix, options),
      (span, page) => {
        span.setAttribute(A.returned, page.items.length);
      },
    );
  }

  search(prefix: readonly string[], options?: SearchOptions): Promise<SearchResult> {
    const attributes = queryAttributes(prefix, options);
    if (this.#content && typeof options?.query === 'string') attributes[A.query] = options.query;
    return this.#traced(
      'search',
      attributes,
      () => this.#bank.search(prefix, options),
      (span, found) => {
        span.setAttribute(A.returned, found.items.length);
        span.setAttribute(A.mode, found.mode);
        if (found.fallback !== undefined) span.setAttribute(A.fallback, found.fallback);
      },
    );
  }

  sweep(): Promise<number> {
    return this.#traced(
      'sweep',
      {},
      () => this.#bank.sweep(),
      (span, swept) => {
        span.setAttribute(A.swept, swept);
      },
    );
  }

  /** Not traced: closing is not a memory operation, and a span after shutdown may find the exporter gone. */
  close(): Promise<void> {
    return this.#bank.close();
  }

  /** Runs `call` inside a `memory.<operation>` span; `done` adds what the result says (only when the span records). */
  async #traced<T>(
    operation: Operation,
    attributes: Attributes,
    call: () => Promise<T>,
    done: (span: Span, result: T) => void,
  ): Promise<T> {
    const span = this.#tracer.startSpan(`memory.${operation}`, {
      kind: SpanKind.INTERNAL,
      attributes: { [A.operation]: operation, ...attributes },
    });
    try {
      const result = await context.with(trace.setSpan(context.active(), span), call);
      if (span.isRecording()) done(span, result);
      return result;
    } catch (err) {
      const type = errorType(err);
      span.setAttribute(A.errorType, type);
      // An error's message may quote what was stored or asked (an embedder's failure, a value's field names).
      const message = this.#content && err instanceof Error ? err.message : type;
      if (this.#content && err instanceof Error) span.recordException({ name: err.name, message: err.message });
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      throw err;
    } finally {
      span.end();
    }
  }
}

function queryAttributes(prefix: readonly string[], options: ListOptions | SearchOptions | undefined): Attributes {
  const attributes: Attributes = { [A.namespace]: prefix.join('/') };
  if (typeof options?.limit === 'number') attributes[A.limit] = options.limit;
  if (options?.filter !== undefined) attributes[A.filtered] = true;
  return attributes;
}

/** The size of the item's value as JSON text in UTF-8, what `maxValueBytes` limits. */
function valueBytes(item: MemoryItem): number {
  return Buffer.byteLength(JSON.stringify(item.value), 'utf8');
}

/** The value as JSON text; a value that is not JSON (the bank will refuse it) is recorded as its type. */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

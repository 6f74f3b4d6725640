import { checkFilter } from '../filter/check-filter.ts';
import type { FilterCondition } from '../filter/memory-filter.ts';
import { MemoryError } from '../errors.ts';
import { checkKey, checkNamespace, namespaceKey } from '../item/check-namespace.ts';
import { checkValue } from '../item/check-value.ts';
import type { JsonValue, MemoryOrigin } from '../item/memory-item.ts';
import { indexText } from '../search/index-text.ts';
import type { ListOptions, PutOptions, SearchOptions } from './memory-bank.ts';

/** A put as banks carry it out, every argument checked. */
export interface CheckedPut {
  namespace: string[];
  ns: string;
  key: string;
  value: JsonValue;
  /** The value's JSON text. */
  json: string;
  /** What the item is searched by, if anything. */
  text: string | undefined;
  ttlMs: number | undefined;
  origin: MemoryOrigin | undefined;
  idempotencyKey: string | undefined;
}

/** A list or search as banks carry it out. */
export interface CheckedQuery {
  prefix: string;
  conditions: FilterCondition[];
  limit: number;
}

const MAX_TTL_MS = 100 * 365 * 24 * 3600 * 1000;

/** Checks put's arguments (the same refusals in every bank). */
export function checkPut(
  namespace: unknown,
  key: unknown,
  value: unknown,
  options: PutOptions | undefined,
  maxValueBytes: number,
): CheckedPut {
  const where = 'put';
  const ns = checkNamespace(namespace, where);
  const k = checkKey(key, where);
  const opts = checkOptions(options, where);
  const json = checkValue(value, maxValueBytes, where);
  const { ttlMs, index, origin, idempotencyKey } = opts as PutOptions;
  if (ttlMs !== undefined && !(Number.isInteger(ttlMs) && ttlMs > 0 && ttlMs <= MAX_TTL_MS))
    throw bad(where, `ttlMs must be a whole number of milliseconds from 1 to 100 years (got ${String(ttlMs)})`);
  if (index !== undefined && typeof index !== 'boolean' && !(Array.isArray(index) && index.every((f) => typeof f === 'string' && f !== '')))
    throw bad(where, 'index must be true, false or a list of field paths');
  if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || idempotencyKey === '' || idempotencyKey.length > 1024))
    throw bad(where, 'idempotencyKey must be a string of 1 to 1,024 characters');
  if (origin !== undefined && !isOrigin(origin))
    throw bad(where, 'origin must be an object of strings (threadId, checkpointId, agentName, toolCallId, writeId)');
  return {
    namespace: ns,
    ns: namespaceKey(ns),
    key: k,
    value: value as JsonValue,
    json,
    text: indexText(value as JsonValue, index),
    ttlMs,
    origin: origin && { ...origin },
    idempotencyKey,
  };
}

/** Checks get's and delete's arguments; returns the stored namespace and the key. */
export function checkAddress(namespace: unknown, key: unknown, where: string): { ns: string; key: string } {
  return { ns: namespaceKey(checkNamespace(namespace, where)), key: checkKey(key, where) };
}

/** Checks list's arguments; `after` is where the cursor says the page starts (exclusive). */
export function checkList(prefix: unknown, options: ListOptions | undefined): CheckedQuery & { after: [string, string] | undefined } {
  const opts = checkOptions(options, 'list') as ListOptions;
  return {
    prefix: namespaceKey(checkNamespace(prefix, 'list', true)),
    conditions: checkFilter(opts.filter, 'list'),
    limit: checkLimit(opts.limit, 100, 1000, 'list'),
    after: opts.cursor === undefined ? undefined : readCursor(opts.cursor),
  };
}

/** Checks search's arguments. */
export function checkSearch(
  prefix: unknown,
  options: SearchOptions | undefined,
): CheckedQuery & { query: string | undefined; minScore: number | undefined; mode: 'auto' | 'keyword' } {
  const opts = checkOptions(options, 'search') as SearchOptions;
  if (opts.query !== undefined && (typeof opts.query !== 'string' || opts.query.length > 10_000))
    throw bad('search', 'query must be a string of at most 10,000 characters');
  if (opts.minScore !== undefined && !(typeof opts.minScore === 'number' && Number.isFinite(opts.minScore)))
    throw bad('search', 'minScore must be a finite number');
  if (opts.mode !== undefined && opts.mode !== 'auto' && opts.mode !== 'keyword') throw bad('search', "mode must be 'auto' or 'keyword'");
  return {
    prefix: namespaceKey(checkNamespace(prefix, 'search', true)),
    conditions: checkFilter(opts.filter, 'search'),
    limit: checkLimit(opts.limit, 10, 100, 'search'),
    query: opts.query === undefined || opts.query.trim() === '' ? undefined : opts.query,
    minScore: opts.minScore,
    mode: opts.mode ?? 'auto',
  };
}

/** The cursor of the page after the one ending at (ns, key). */
export function cursorAfter(ns: string, key: string): string {
  return Buffer.from(JSON.stringify([ns, key]), 'utf8').toString('base64url');
}

function readCursor(cursor: unknown): [string, string] {
  if (typeof cursor === 'string' && cursor.length <= 4096) {
    try {
      const at = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
      if (Array.isArray(at) && at.length === 2 && typeof at[0] === 'string' && typeof at[1] === 'string') return [at[0], at[1]];
    } catch {
      // refused below
    }
  }
  throw bad('list', 'cursor is not one a list page returned; pass the cursor of the previous page as it came');
}

function checkLimit(limit: unknown, fallback: number, max: number, where: string): number {
  if (limit === undefined) return fallback;
  if (!(Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= max))
    throw bad(where, `limit must be a whole number from 1 to ${max} (got ${String(limit)})`);
  return limit as number;
}

function checkOptions(options: unknown, where: string): object {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw bad(where, 'options must be an object');
  return options;
}

function isOrigin(origin: unknown): origin is MemoryOrigin {
  if (typeof origin !== 'object' || origin === null || Array.isArray(origin)) return false;
  return Object.entries(origin).every(
    ([k, v]) => ['threadId', 'checkpointId', 'agentName', 'toolCallId', 'writeId'].includes(k) && typeof v === 'string' && v.length <= 1024,
  );
}

const bad = (where: string, message: string) => new MemoryError('INVALID_ARGUMENT', `${where}: ${message}`);

import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';

/**
 * A compiled graph's description as a store keeps it: what a checkpoint's
 * `graph` and `hash` name. A store keeps every version a run wrote with, so
 * a checkpoint written days ago can be read (and migrated) against the graph
 * that wrote it after the code has moved on.
 */
export interface StoredGraph {
  /** The graph's name (a checkpoint's `graph`). */
  name: string;
  /** Its structure hash (a checkpoint's `hash`). */
  hash: string;
  /** The version label given at compile time, if any (it is not part of the hash). */
  version?: string;
  /** The graph's JSON description (GraphJSON) as JSON text; its `name` and `hash` are the two above. */
  json: string;
  /** When it was first stored, in ms since the epoch. */
  createdAt: number;
}

/** With the u flag, only an unpaired surrogate is a code point of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Why `text` is not text every store keeps as it is (PostgreSQL's text holds no NUL; a lone surrogate comes back as U+FFFD). */
function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be well-formed Unicode text (it has a lone surrogate)';
  return undefined;
}

const invalid = (where: string, what: string, details: Record<string, unknown>): WeftError<CheckpointErrorCode> =>
  new WeftError<CheckpointErrorCode>('INVALID_ARGUMENT', `${where}: ${what}`, { details });

/**
 * Refuses a graph name or hash (in a lookup or a listing) no store could
 * have kept: not a non-empty string, a NUL, or a lone surrogate.
 */
export function checkGraphKey(value: unknown, field: 'name' | 'hash', where: string): asserts value is string {
  const why = typeof value !== 'string' || value === '' ? 'must be a non-empty string' : textProblem(value);
  if (why) throw invalid(where, `the graph's ${field} ${why}`, { [field]: String(value) });
}

/**
 * Refuses what is not a `StoredGraph` a store may keep, with an
 * INVALID_ARGUMENT WeftError, before anything is written: name and hash
 * non-empty strings; `json` text that parses to an object whose `name` and
 * `hash` are the given ones (so a version can never be filed under another
 * graph's key); `version` absent or a non-empty string; `createdAt` a finite
 * number. Every string must be text each store keeps unchanged.
 *
 * @example
 * checkStoredGraph(graph, 'MyStore.putGraph()'); // throws INVALID_ARGUMENT for a bad one
 */
export function checkStoredGraph(value: unknown, where: string): asserts value is StoredGraph {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid(where, 'pass a graph as { name, hash, version?, json, createdAt }', { got: describe(value) });
  const g = value as Record<string, unknown>;
  checkGraphKey(g['name'], 'name', where);
  checkGraphKey(g['hash'], 'hash', where);
  const { name, hash, version, json, createdAt } = g as {
    name: string;
    hash: string;
    version?: unknown;
    json: unknown;
    createdAt: unknown;
  };
  if (version !== undefined && (typeof version !== 'string' || version === '' || textProblem(version)))
    throw invalid(
      where,
      `the version of graph "${name}" must be a non-empty string when given, without NUL characters or lone surrogates`,
      {
        name,
        hash,
        version: describe(version),
      },
    );
  if (typeof createdAt !== 'number' || !Number.isFinite(createdAt))
    throw invalid(where, `createdAt of graph "${name}" must be a finite number (ms since the epoch)`, {
      name,
      hash,
      createdAt: describe(createdAt),
    });
  checkJson(json, name, hash, where);
}

/** The JSON text must describe this very graph: parse it and compare its name and hash. */
function checkJson(json: unknown, name: string, hash: string, where: string): void {
  const details = { name, hash };
  const why = typeof json !== 'string' ? 'must be a string' : textProblem(json);
  if (why)
    throw invalid(where, `the json of graph "${name}" ${why}: pass the graph's JSON as text (JSON.stringify of its toJSON())`, details);
  let parsed: unknown;
  try {
    parsed = JSON.parse(json as string);
  } catch (err) {
    throw invalid(
      where,
      `the json of graph "${name}" is not JSON text (${(err as Error).message}): pass JSON.stringify of the graph's toJSON()`,
      details,
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid(where, `the json of graph "${name}" must be a JSON object (the graph's toJSON()), got ${describe(parsed)}`, details);
  const described = parsed as Record<string, unknown>;
  if (described['name'] !== name || described['hash'] !== hash)
    throw invalid(
      where,
      `the json describes graph ${describe(described['name'])} with hash ${describe(described['hash'])}, not graph "${name}" with hash "${hash}": store each graph's own JSON under its own name and hash`,
      { ...details, jsonName: describe(described['name']), jsonHash: describe(described['hash']) },
    );
}

/** Code point order (UTF-16 code units would put some characters past U+FFFF before U+E000–U+FFFF; SQL stores compare UTF-8 bytes). */
const byCodePoint = (a: string, b: string): number => (a === b ? 0 : Buffer.compare(Buffer.from(a), Buffer.from(b)));

/**
 * The order of `CheckpointStore.graphs()`: oldest first by `createdAt`,
 * then by `hash`, then by `name`, strings by code point (the order SQLite
 * and PostgreSQL's "C" collation give UTF-8 text).
 *
 * @example
 * const listed = [...versions].sort(storedGraphOrder);
 */
export function storedGraphOrder(a: StoredGraph, b: StoredGraph): number {
  return a.createdAt - b.createdAt || byCodePoint(a.hash, b.hash) || byCodePoint(a.name, b.name);
}

/** A short description of a value for messages and details (never the whole of a large one). */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 80 ? `"${value.slice(0, 80)}…"` : `"${value}"`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

import { WeftError } from '@weft/common';
import type { CheckpointErrorCode } from '../errors.ts';
import type { CheckpointRecord } from '../record/checkpoint-record.ts';
import { encodedLength } from './codec.ts';
import { formatPath, type ValuePath } from './unserializable.ts';

/** A value in the record and how to name it: a state path, or a place in a node's task. */
interface Part {
  value: unknown;
  /** The name of the place without a path inside it (`the input of node "b"`), or undefined for state paths. */
  place: string | undefined;
  path: ValuePath;
}

/** Levels the search for the largest value goes down at most. */
const MAX_STEPS_DOWN = 64;

/**
 * The error for a checkpoint of `bytes` bytes, over `limit`. It names the
 * largest value in the record, found again here by encoding its parts (only
 * on this path: the writer's check is one comparison with the length it
 * already has), going down into a list or object while one item holds more
 * than half of it.
 */
export function checkpointTooLarge(record: CheckpointRecord, bytes: number, limit: number): WeftError<CheckpointErrorCode> {
  let largest = { part: undefined as Part | undefined, bytes: -1 };
  for (const part of partsOf(record)) {
    const size = encodedLength(part.value);
    if (size > largest.bytes) largest = { part, bytes: size };
  }
  const { part } = largest;
  const found = part ? inside(part, largest.bytes) : undefined;
  const at = found ? placeName(found.part) : 'the record';
  const atBytes = found ? found.bytes : bytes;
  const size = (n: number) => n.toLocaleString('en-US');
  return new WeftError<CheckpointErrorCode>(
    'CHECKPOINT_TOO_LARGE',
    `a checkpoint of thread "${record.threadId}" would take ${size(bytes)} bytes, more than maxCheckpointBytes (${size(limit)}); the largest value in it is ${at} (${size(atBytes)} bytes). Keep large data outside the state (in a file or blob store, with its key in the state), or raise maxCheckpointBytes in compile(). Nothing was written for this step: the thread continues from its last checkpoint`,
    { details: { threadId: record.threadId, bytes, limit, at, atBytes }, retryable: false },
  );
}

/** The record's values, each under the name its user knows it by. */
function* partsOf(r: CheckpointRecord): Generator<Part> {
  const state = (path: ValuePath, value: unknown): Part => ({ value, place: undefined, path: ['state', ...path] });
  if ('full' in r.state) {
    const full = r.state.full;
    if (full !== null && typeof full === 'object' && !Array.isArray(full)) {
      for (const [key, value] of Object.entries(full)) yield state([key], value);
    } else yield state([], full);
  } else {
    for (const patch of r.state.patches) yield state(patch.path, patch.value);
  }
  const task = (what: string, node: string, value: unknown): Part => ({ value, place: `the ${what} of node "${node}"`, path: [] });
  for (const t of r.frontier) {
    yield task('input', t.node, t.input);
    if (t.sub) yield task('subgraph checkpoint', t.node, t.sub);
    if (t.resume) yield task('resume values', t.node, t.resume);
  }
  for (const p of r.pending) {
    yield task('output', p.node, p.output);
    yield task('state changes', p.node, p.patches);
  }
  const run = (what: string, value: unknown): Part => ({ value, place: `the run's ${what}`, path: [] });
  yield run('interrupts', r.interrupts);
  yield run('join buffers', r.joins);
  yield run('context', r.context);
  yield run('output', r.output);
  yield run('resume values', r.resumeValues);
}

/** Goes down from `part` while one list item or object value holds more than half of it. */
function inside(part: Part, bytes: number): { part: Part; bytes: number } {
  let current = { part, bytes };
  for (let step = 0; step < MAX_STEPS_DOWN; step++) {
    const { value } = current.part;
    if (value === null || typeof value !== 'object' || !(Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)) break;
    let best: { key: string | number; value: unknown; bytes: number } | undefined;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [key, child] of entries) {
      const size = encodedLength(child);
      if (!best || size > best.bytes) best = { key, value: child, bytes: size };
    }
    if (!best || best.bytes * 2 <= current.bytes) break;
    current = { part: { ...current.part, value: best.value, path: [...current.part.path, best.key] }, bytes: best.bytes };
  }
  return current;
}

function placeName({ place, path }: Part): string {
  if (place === undefined) return formatPath(path);
  return path.length ? `${place}, at ${formatPath(path)}` : place;
}

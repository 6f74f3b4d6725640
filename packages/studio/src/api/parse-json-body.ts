import { WeftError } from '@weft/graph';
import { StudioError } from '../errors.ts';

/** How large a parsed JSON body may be, beyond its bytes. */
export interface BodyShapeLimits {
  /** Nesting of objects and arrays; the body's own object is level 1. */
  maxDepth: number;
  /** Object keys and array items, counted over the whole body. */
  maxKeys: number;
}

/** One object or array still to look into, and how the walk reached it (for the message). */
interface Open {
  value: object;
  depth: number;
  parent: Open | undefined;
  key: string | number;
}

/**
 * Refuses a parsed body that is deeper or wider than the limits, or that
 * holds a key named `__proto__`, before anything reads it further.
 *
 * Why: the byte limit alone leaves 1 MiB of JSON free to be 500,000 arrays
 * deep or an object of 60,000 keys. Such a value reached a run and was copied
 * into each of its events (node input, output, state patch, interrupt, end),
 * and the studio spent seconds on one request with the event loop blocked
 * (60,000 keys: 1.4 s per run measured on a 2-core machine, 2026-11-28, while
 * keep-alive sockets of other clients timed out). The walk stops at the first
 * value past a limit, so it looks at no more than maxKeys values whatever the
 * body holds. `__proto__` is refused because no checkpoint can hold it, and
 * the schemas would otherwise drop it from a record without a word.
 */
export function checkBodyShape(body: unknown, limits: BodyShapeLimits): void {
  if (body === null || typeof body !== 'object') return;
  const stack: Open[] = [{ value: body, depth: 1, parent: undefined, key: '' }];
  let keys = 0;
  for (let open = stack.pop(); open; open = stack.pop()) {
    if (open.depth > limits.maxDepth) throw tooDeep(limits.maxDepth);
    const { value, depth } = open;
    const enter = (key: string | number, child: unknown) => {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1, parent: open, key });
    };
    if (Array.isArray(value)) {
      keys += value.length;
      if (keys > limits.maxKeys) throw tooManyKeys(limits.maxKeys);
      for (let i = value.length - 1; i >= 0; i--) enter(i, value[i]);
      continue;
    }
    // Counted as it goes: a 60,000-key object costs the walk maxKeys steps, not 60,000.
    for (const key in value) {
      if (++keys > limits.maxKeys) throw tooManyKeys(limits.maxKeys);
      if (key === '__proto__') throw protoKey(open);
      enter(key, (value as Record<string, unknown>)[key]);
    }
  }
}

function tooDeep(max: number): StudioError {
  return new StudioError(
    'BODY_TOO_DEEP',
    `the body is nested more than ${max.toLocaleString('en-US')} levels deep (the limit is maxBodyDepth): send a flatter value`,
    { details: { maxBodyDepth: max } },
  );
}

function tooManyKeys(max: number): StudioError {
  return new StudioError(
    'BODY_TOO_MANY_KEYS',
    `the body holds more than ${max.toLocaleString('en-US')} keys and items (the limit is maxBodyKeys): send less in one request`,
    { details: { maxBodyKeys: max } },
  );
}

/** The library's refusal of the same key in a checkpoint, saying where it sits in the body. */
function protoKey(open: Open): WeftError {
  const at = pathOf(open);
  return new WeftError(
    'CHECKPOINT_UNSERIALIZABLE',
    `a checkpoint cannot hold a key named "__proto__" (at ${at || 'the body'}): rename the key`,
    { details: { what: 'a key named "__proto__"', at } },
  );
}

/** `input.value.list[0]`: where an open value sits in the body. */
function pathOf(open: Open): string {
  const steps: (string | number)[] = [];
  for (let o: Open | undefined = open; o?.parent; o = o.parent) steps.unshift(o.key);
  return steps
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`))
    .join('')
    .replace(/^\./, '');
}

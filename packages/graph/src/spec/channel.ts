import { WeftError } from '../errors.ts';

/**
 * A named, typed stream of custom events: a node publishes on it with
 * `ctx.emit(channel, data)`, a branch route with `at.emit(channel, data)`, and
 * a run's listener reads it back with `run.channel(channel)`, typed `T`. On
 * the wire it is a `node.custom` event whose `channel` field is the name, so
 * run logs and observers in other processes (or with another copy of this
 * package) find it by name; the type is only the TypeScript side (`~data` is
 * never set).
 */
export interface Channel<T> {
  readonly name: string;
  readonly '~data'?: T;
}

/**
 * Declares a channel. Name it after its layer, dotted (`weft.agent`): two
 * channels with one name are one stream.
 *
 * @example
 * const progress = channel<{ done: number; of: number }>('my-app.progress');
 * // in a node:   ctx.emit(progress, { done: 3, of: 10 });
 * // a listener:  run.channel(progress).subscribe(({ data, node }) => console.log(node, data.done));
 */
export function channel<T>(name: string): Channel<T> {
  if (typeof name !== 'string' || name === '')
    throw new WeftError('INVALID_ARGUMENT', 'channel(name) needs a non-empty string name, e.g. channel<Progress>("my-app.progress")');
  return Object.freeze({ name });
}

/** The name of the channel `value` is, or INVALID_ARGUMENT saying that `where` takes a channel made by `channel(name)`. */
export function channelName(value: unknown, where: string): string {
  const name = value !== null && typeof value === 'object' ? (value as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && name !== '') return name;
  throw new WeftError('INVALID_ARGUMENT', `${where} takes a channel made by channel(name) first, got ${describe(value)}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  return typeof value === 'object' ? (Array.isArray(value) ? 'an array' : 'an object without a name') : `a ${typeof value}`;
}

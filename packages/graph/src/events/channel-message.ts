import type { GraphEvent } from './graph-event.ts';

/** A `node.custom` event published on a channel: where and when, and its data, typed. */
export type ChannelMessage<T> = Omit<Extract<GraphEvent, { type: 'node.custom' }>, 'channel' | 'data'> & {
  channel: string;
  data: T;
};

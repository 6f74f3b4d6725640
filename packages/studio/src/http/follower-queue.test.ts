import { describe, expect, it } from 'vitest';
import { FollowerQueue } from './follower-queue.ts';

describe('FollowerQueue', () => {
  it('holds frames in order up to maxBytes (counted in UTF-8 bytes); the frame past them overflows it and empties it', () => {
    const q = new FollowerQueue(10);
    expect([q.push('abcd'), q.push('é€')]).toEqual([true, true]);
    expect(q.bytes).toBe(9);
    expect(q.shift()).toBe('abcd');
    expect(q.push('xyz')).toBe(true);
    expect([q.bytes, q.peakBytes]).toEqual([8, 9]);
    expect(q.push('123')).toBe(false);
    expect([q.overflowed, q.bytes, q.shift()]).toEqual([true, 0, undefined]);
    expect(q.push('a')).toBe(false);
  });

  it('an empty queue takes one frame larger than maxBytes: an event over the bound still reaches a follower that keeps up', () => {
    const q = new FollowerQueue(4);
    expect(q.push('0123456789')).toBe(true);
    expect(q.shift()).toBe('0123456789');
    expect(q.push('0123456789')).toBe(true);
    expect(q.push('x')).toBe(false);
  });

  it('stays in order across many frames taken as they come', () => {
    const q = new FollowerQueue(1 << 20);
    const taken: string[] = [];
    for (let i = 0; i < 5000; i++) {
      q.push(String(i));
      if (i % 3 === 0) taken.push(q.shift()!);
    }
    for (let f = q.shift(); f !== undefined; f = q.shift()) taken.push(f);
    expect(taken).toEqual(Array.from({ length: 5000 }, (_, i) => String(i)));
    expect(q.bytes).toBe(0);
  });
});

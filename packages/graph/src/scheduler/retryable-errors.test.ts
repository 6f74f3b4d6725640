import { afterEach, describe, expect, it, vi } from 'vitest';
import { END, START, WeftError, graph, type GraphEvent, type NodeOptions, type RetryPolicy } from '../index.ts';
import { collect, trace } from '../../test/support/collect.ts';

afterEach(() => void vi.restoreAllMocks());

/** A one-node graph whose node throws `errors[k]` on attempt k + 1 and answers 'ok' once they run out; counts its attempts. */
function flaky(errors: unknown[], options: NodeOptions<number, string, undefined>) {
  const attempts: number[] = [];
  const g = graph<number, string>({ name: 'flaky' })
    .addNode(
      'n',
      (_x: number, ctx): string => {
        attempts.push(ctx.attempt);
        const error = errors[ctx.attempt - 1];
        if (error !== undefined) throw error;
        return 'ok';
      },
      options,
    )
    .addEdge(START, 'n')
    .addEdge('n', END)
    .compile();
  return { g, attempts };
}

const retry: RetryPolicy = { maxAttempts: 3, initialDelayMs: 1, jitter: false };
type NodeRetry = Extract<GraphEvent, { type: 'node.retry' }>;
const retries = (events: GraphEvent[]) => events.filter((e): e is NodeRetry => e.type === 'node.retry');

describe('errors marked retryable: false', () => {
  it('a WeftError with retryable: false is tried once even with maxAttempts 3; the run fails with it, no node.retry', async () => {
    const denied = new WeftError('INVALID_ARGUMENT', 'the API key was refused', { retryable: false });
    const { g, attempts } = flaky([denied, denied, denied], { retry });
    const { result, events } = await collect(g.run(0));
    expect(attempts).toEqual([1]);
    expect(result.status).toBe('error');
    expect(result.error).toBe(denied);
    expect(result.error?.toJSON()).toEqual({
      name: 'WeftError',
      code: 'INVALID_ARGUMENT',
      message: 'the API key was refused',
      retryable: false,
    });
    expect(retries(events)).toEqual([]);
    expect(trace(events)).toEqual(['0 run.start', '1 step.start [n]', '1 node.start n', '1 error INVALID_ARGUMENT', '1 run.end error']);
  });

  it('so is an Error or a plain object from another package with retryable: false: NODE_FAILED after 1 attempt', async () => {
    for (const thrown of [Object.assign(new Error('HTTP 401'), { retryable: false }), { message: 'HTTP 403', retryable: false }]) {
      const { g, attempts } = flaky([thrown, thrown, thrown], { retry });
      const { result, events } = await collect(g.run(0));
      expect(attempts).toEqual([1]);
      expect(result.error).toMatchObject({ code: 'NODE_FAILED', details: { node: 'n', path: ['n'], attempts: 1 }, retryable: false });
      expect(result.error?.cause).toBe(thrown);
      expect(retries(events)).toEqual([]);
    }
  });

  it('errors without the flag, or with retryable: true, are retried as before', async () => {
    for (const thrown of [new Error('flaky'), new WeftError('NODE_FAILED', 'busy', { retryable: true }), { message: 'x' }]) {
      const { g, attempts } = flaky([thrown, thrown], { retry });
      const { result, events } = await collect(g.run(0));
      expect(attempts).toEqual([1, 2, 3]);
      expect(result).toMatchObject({ status: 'done', output: 'ok' });
      expect(retries(events).map((e) => [e.attempt, e.delayMs])).toEqual([
        [1, 1],
        [2, 2],
      ]);
    }
  });

  it('a retryable error that turns non-retryable stops the retries there', async () => {
    const { g, attempts } = flaky([new Error('busy'), { message: 'gone', retryable: false }], { retry });
    const { result, events } = await collect(g.run(0));
    expect(attempts).toEqual([1, 2]);
    expect(result.error).toMatchObject({ code: 'NODE_FAILED', details: { attempts: 2 } });
    expect(retries(events)).toHaveLength(1);
  });

  it("the policy's own retryOn decides instead of the flag, both ways", async () => {
    const denied = new WeftError('INVALID_ARGUMENT', 'denied', { retryable: false });
    const seen: [unknown, number][] = [];
    const retryOn = (error: unknown, attempt: number) => (seen.push([error, attempt]), true);
    const forced = flaky([denied, denied], { retry: { ...retry, retryOn } });
    expect(await forced.g.run(0)).toMatchObject({ status: 'done', output: 'ok' });
    expect([forced.attempts, seen]).toEqual([
      [1, 2, 3],
      [
        [denied, 1],
        [denied, 2],
      ],
    ]);
    const refused = flaky([new WeftError('NODE_FAILED', 'busy', { retryable: true })], { retry: { ...retry, retryOn: () => false } });
    expect((await refused.g.run(0)).status).toBe('error');
    expect(refused.attempts).toEqual([1]);
  });

  it('the node gives up as after its last attempt: the fallback still applies', async () => {
    const { g, attempts } = flaky([{ message: 'bad input', retryable: false }], {
      retry,
      fallback: (error) => `fallback (${error.code}, ${String((error.details as { attempts: number }).attempts)} attempt)`,
    });
    expect(await g.run(0)).toMatchObject({ status: 'done', output: 'fallback (NODE_FAILED, 1 attempt)' });
    expect(attempts).toEqual([1]);
  });

  it('a subgraph failing with a non-retryable error is not retried by the outer node either', async () => {
    let calls = 0;
    const inner = graph<number, number>({ name: 'inner' })
      .addNode('call', (): number => {
        calls++;
        throw Object.assign(new Error('HTTP 401'), { retryable: false });
      })
      .addEdge(START, 'call')
      .addEdge('call', END)
      .compile();
    const outer = graph<number, number>({ name: 'outer' })
      .addNode('sub', inner, { retry })
      .addEdge(START, 'sub')
      .addEdge('sub', END)
      .compile();
    const { result, events } = await collect(outer.run(0));
    expect(calls).toBe(1);
    expect(result.error).toMatchObject({ code: 'NODE_FAILED', details: { path: ['sub', 'call'] }, retryable: false });
    expect(retries(events)).toEqual([]);
  });
});

describe('node retries use the shared backoff', () => {
  it('with jitter on by default: equal jitter from Math.random', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    // The default 100 ms, ×2: 75 and 150 ms with random 0.5 (real waits, 225 ms in all).
    const { g, attempts } = flaky([new Error('a'), new Error('b')], { retry: { maxAttempts: 3 } });
    const { result, events } = await collect(g.run(0));
    expect(result).toMatchObject({ status: 'done', output: 'ok' });
    expect([attempts, retries(events).map((e) => e.delayMs)]).toEqual([
      [1, 2, 3],
      [75, 150],
    ]);
  });

  it("a branch stopped by a failure (onError: 'stop-branch') ends the run with that failure, its flag kept", async () => {
    const { g } = flaky([new WeftError('RUN_FAILED', 'the vendor refused the card', { retryable: false })], { onError: 'stop-branch' });
    const r = await g.run(1);
    expect(r.status).toBe('error');
    expect(r.error).toMatchObject({ message: expect.stringContaining('the vendor refused the card'), retryable: false });
  });
});

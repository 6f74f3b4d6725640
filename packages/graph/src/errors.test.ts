import { describe, expect, it } from 'vitest';
import { NodeError, WeftError } from './index.ts';

describe('the retryable flag on errors', () => {
  it('NodeError inherits the flag of the error it wraps', () => {
    expect(new NodeError(['n'], { retryable: false }, 1).retryable).toBe(false);
    expect(new NodeError(['n'], new WeftError('RUN_FAILED', 'x', { retryable: true }), 2).toJSON()).toMatchObject({ retryable: true });
    expect(new NodeError(['n'], new Error('x'), 3).retryable).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { WeftError as CommonWeftError } from '@weft/common';
import { NodeError, WeftError } from './index.ts';

describe('the retryable flag on errors', () => {
  it('NodeError inherits the flag of the error it wraps', () => {
    expect(new NodeError(['n'], { retryable: false }, 1).retryable).toBe(false);
    expect(new NodeError(['n'], new WeftError('RUN_FAILED', 'x', { retryable: true }), 2).toJSON()).toMatchObject({ retryable: true });
    expect(new NodeError(['n'], new Error('x'), 3).retryable).toBeUndefined();
  });
});

describe('WeftError', () => {
  it("is @weft/common's class: errors of packages built on common are instances, and the JSON is the same", () => {
    const fromCommon = new CommonWeftError('MODEL_AUTH', 'refused', { retryable: false });
    const fromGraph = new WeftError('NODE_FAILED', 'failed');
    expect([fromCommon instanceof WeftError, fromGraph instanceof CommonWeftError, WeftError === CommonWeftError]).toEqual([
      true,
      true,
      true,
    ]);
    expect(fromCommon.toJSON()).toEqual({ name: 'WeftError', code: 'MODEL_AUTH', message: 'refused', retryable: false });
  });
});

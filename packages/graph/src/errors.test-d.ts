import type { CheckpointErrorCode } from '@weft/checkpoint';
import { describe, expectTypeOf, it } from 'vitest';
import { GraphValidationError, NodeError, WeftError, type WeftErrorCode } from './index.ts';

describe("WeftError: @weft/common's class, with graph's codes as its default", () => {
  it("narrows err.code to graph's codes, and to the code given", () => {
    expectTypeOf<WeftError['code']>().toEqualTypeOf<WeftErrorCode>();
    expectTypeOf(new WeftError('NODE_TIMEOUT', 'slow').code).toEqualTypeOf<'NODE_TIMEOUT'>();
    expectTypeOf<NodeError['code']>().toEqualTypeOf<WeftErrorCode>();
    expectTypeOf<GraphValidationError['code']>().toEqualTypeOf<WeftErrorCode>();
  });

  it('takes another package’s union as its type argument, as a base class too', () => {
    class CacheError extends WeftError<'CACHE_DOWN'> {}
    expectTypeOf(new CacheError('CACHE_DOWN', 'down').code).toEqualTypeOf<'CACHE_DOWN'>();
    // @ts-expect-error a code outside the union given
    new CacheError('CACHE_MISS', 'gone');
  });

  it("includes every code of @weft/checkpoint's errors, which runs pass on", () => {
    expectTypeOf<CheckpointErrorCode>().toExtend<WeftErrorCode>();
  });
});

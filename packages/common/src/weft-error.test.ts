import { describe, expect, it } from 'vitest';
import { WeftError, errorFromJSON, errorToJSON, isWeftError, retryableOf } from './index.ts';

describe('the retryable flag on errors', () => {
  it('WeftError takes it as an option, keeps it read-only, and puts it in toJSON only when set', () => {
    const final = new WeftError('INVALID_ARGUMENT', 'bad key', { retryable: false, details: { field: 'apiKey' } });
    expect(final.retryable).toBe(false);
    expect(final.toJSON()).toEqual({
      name: 'WeftError',
      code: 'INVALID_ARGUMENT',
      message: 'bad key',
      details: { field: 'apiKey' },
      retryable: false,
    });
    expect(new WeftError('RUN_FAILED', 'busy', { retryable: true }).toJSON()).toMatchObject({ retryable: true });
    const plain = new WeftError('RUN_FAILED', 'x');
    expect(plain.retryable).toBeUndefined();
    expect('retryable' in plain.toJSON()).toBe(false);
    // Read-only, like `code` (checked by tsc, never called).
    const _readOnly = () => {
      // @ts-expect-error retryable is read-only
      final.retryable = true;
    };
  });

  it('survives a round trip through JSON (a dispatched task’s failure)', () => {
    const back = errorFromJSON(JSON.parse(JSON.stringify(new WeftError('NODE_FAILED', 'gone', { retryable: false }))));
    expect([back.code, back.message, back.retryable]).toEqual(['NODE_FAILED', 'gone', false]);
    expect(errorFromJSON({ name: 'WeftError', code: 'X', message: 'm' }).retryable).toBeUndefined();
  });

  it('retryableOf reads the flag of any thrown value; errorToJSON keeps it for plain errors too', () => {
    const http = Object.assign(new Error('HTTP 401'), { code: 'MODEL_AUTH', retryable: false });
    expect([retryableOf(http), retryableOf({ retryable: true }), retryableOf(new Error('x'))]).toEqual([false, true, undefined]);
    expect([retryableOf(null), retryableOf('boom'), retryableOf({ retryable: 'no' })]).toEqual([undefined, undefined, undefined]);
    expect(errorToJSON(http)).toEqual({ name: 'Error', code: 'MODEL_AUTH', message: 'HTTP 401', retryable: false });
    expect(errorToJSON({ message: 'x', retryable: false })).toMatchObject({ retryable: false });
  });
});

describe('isWeftError', () => {
  it('judges by shape, so a WeftError of another copy of the package counts and keeps its code', () => {
    class OtherCopy extends Error {
      readonly code = 'QUEUE_SIGNATURE_INVALID';
      toJSON() {
        return { name: this.name, code: this.code, message: this.message };
      }
    }
    const values = [
      new WeftError('X', 'm'),
      new OtherCopy('m'),
      new Error('m'),
      Object.assign(new Error('m'), { code: 'E' }),
      { code: 'X', toJSON: () => ({}) },
    ];
    expect(values.map(isWeftError)).toEqual([true, true, false, false, false]);
    expect(errorToJSON(new OtherCopy('signed by another key'))).toEqual({
      name: 'Error',
      code: 'QUEUE_SIGNATURE_INVALID',
      message: 'signed by another key',
    });
  });
});

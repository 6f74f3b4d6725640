import { randomBytes } from 'node:crypto';
import { describe, it } from 'vitest';

/** The server the tests use; `bash scripts/start-postgres.sh` starts one and prints it. */
export const PG_URL = process.env['WEFT_PG_URL'] || undefined;

/**
 * `describe` when WEFT_PG_URL is set, else `describe.skip` with a message. In CI
 * (CI=true) a missing URL is a failing test instead, so CI can never pass by skipping.
 */
export function pgDescribe(): typeof describe | typeof describe.skip {
  if (PG_URL) return describe;
  if (process.env['CI'] === 'true') {
    it('WEFT_PG_URL is set (CI must run the PostgreSQL tests)', () => {
      throw new Error('CI=true but WEFT_PG_URL is not set: run `eval "$(bash scripts/start-postgres.sh | tail -n 1)"` before the tests');
    });
  } else {
    console.warn('WEFT_PG_URL not set: skipping PostgreSQL tests (CI sets it)');
  }
  return describe.skip;
}

/** A schema name no other test run uses. */
export const freshSchema = (): string => `weft_test_${randomBytes(6).toString('hex')}`;

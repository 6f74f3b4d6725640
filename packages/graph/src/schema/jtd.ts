import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv/dist/jtd.js';

/** A JTD check compiled at its first use: call it like ajv's validate function, and read `errors` after a refusal. */
export interface LazyCheck {
  (value: unknown): boolean;
  readonly errors: ErrorObject[] | null | undefined;
}

// The one ajv instance for @weft/graph's JTD schemas (shape checks of data read back:
// run logs; @weft/checkpoint checks its records with its own), made at the first check: loading ajv costs 50-70 ms,
// which importing @weft/graph should not (a run that never decodes a checkpoint or
// reads a log never pays it). `validateSchema: false`: checking a schema against
// JTD's meta-schema compiles that meta-schema first, about 1 s; ours are constants,
// typed and exercised by the tests.
let ajv: Ajv | undefined;

function instance(): Ajv {
  if (!ajv) {
    const { Ajv } = createRequire(import.meta.url)('ajv/dist/jtd.js') as typeof import('ajv/dist/jtd.js');
    ajv = new Ajv({ validateSchema: false });
  }
  return ajv;
}

/** A check of `schema`, compiled once, when it first runs. */
export function jtdCheck(schema: object): LazyCheck {
  let compiled: ValidateFunction | undefined;
  const check = (value: unknown): boolean => (compiled ??= instance().compile(schema))(value);
  Object.defineProperty(check, 'errors', { get: () => compiled?.errors });
  return check as LazyCheck;
}

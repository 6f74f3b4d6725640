import { createRequire } from 'node:module';
import type { Ajv as AjvJtd, JTDDataType, ValidateFunction } from 'ajv/dist/jtd.js';

/**
 * Where a value first differs from its schema: the property names and list
 * indexes down to it (a missing property's name included), as strings, and
 * what is wrong there (`is missing`, or ajv's words: `must be string`).
 */
export type JtdMismatch = { ok: false; path: readonly string[]; problem: string };

/**
 * The data a JTD schema accepts, as `JTDDataType` gives it but without the
 * `Record<string, unknown>` that `additionalProperties: true` adds: fields a
 * schema does not name are tolerated, never read, and interfaces such as
 * `Message` (which have no index signature) stay assignable to it.
 */
export type JtdType<S> = Known<JTDDataType<S>>;

type Known<T> = T extends readonly (infer E)[]
  ? Known<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;

/** A compiled JTD check: the value, typed by its schema, or where it first differs. */
export type JtdCheck<T> = (value: unknown) => { ok: true; value: T } | JtdMismatch;

// One instance for every schema of the package, made at the first check: loading ajv
// costs 50-70 ms, which a program that never reads a cassette or an OpenAI response
// (a scripted model, the AI SDK adapter) should not pay at import. `validateSchema:
// false`: checking a schema against JTD's meta-schema compiles that meta-schema first,
// about 1 s on a CI-sized machine, against about 6 ms for one of ours; ours are
// constants, typed by JTDDataType and exercised by the tests. No `$data`, no custom
// keywords: the checks only look at the data, and stop at the first mismatch.
let ajv: AjvJtd | undefined;
function instance(): AjvJtd {
  if (!ajv) {
    const { Ajv } = createRequire(import.meta.url)('ajv/dist/jtd.js') as typeof import('ajv/dist/jtd.js');
    ajv = new Ajv({ validateSchema: false });
  }
  return ajv;
}

/**
 * A check for a JTD schema (RFC 8927), compiled once, at its first use; the
 * check's value type is the schema's `JtdType`, so the schema is the one
 * source of the type.
 *
 * @example
 * const isUsage = compileJtd({ properties: { inputTokens: { type: 'float64' } } } as const);
 * const result = isUsage(JSON.parse('{"inputTokens":3}'));
 * if (result.ok) console.log(result.value.inputTokens); // a number
 */
export function compileJtd<const S>(schema: S): JtdCheck<JtdType<S>> {
  let compiled: ValidateFunction<JtdType<S>> | undefined;
  return (value) => {
    const validate = (compiled ??= instance().compile<JtdType<S>>(schema as object));
    if (validate(value)) return { ok: true, value };
    const error = validate.errors?.[0];
    const path = (error?.instancePath ?? '').split('/').slice(1).map(unescapePointer);
    const missing: unknown = error?.params['missingProperty'];
    if (typeof missing === 'string') return { ok: false, path: [...path, missing], problem: 'is missing' };
    const number = error?.keyword === 'type' && /^(float|u?int)/.test(String(error.params['type']));
    return { ok: false, path, problem: number ? 'must be a number' : (error?.message ?? 'does not match the schema') };
  };
}

/** A JSON Pointer segment as the property name it stands for (RFC 6901). */
const unescapePointer = (segment: string): string => segment.replaceAll('~1', '/').replaceAll('~0', '~');

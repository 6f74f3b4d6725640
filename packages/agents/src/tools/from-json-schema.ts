/**
 * The TypeScript type of the values a JSON Schema accepts, for a schema whose
 * literal types are known (written inline in `tool({ parameters })`, or
 * declared `as const`). It covers what tool schemas use: `type` (one name or
 * an array of names), object `properties` with `required`, array `items`,
 * `enum`, `const`, `anyOf` and `oneOf`. Anything else, and a schema typed
 * only as `Record<string, unknown>`, is `unknown`: never `any`.
 * `additionalProperties` is ignored (extra keys are not typed).
 *
 * @example
 * const schema = {
 *   type: 'object',
 *   properties: { city: { type: 'string' }, days: { type: ['integer', 'null'] } },
 *   required: ['city'],
 * } as const;
 * type Args = FromJsonSchema<typeof schema>; // { city: string; days?: number | null }
 */
export type FromJsonSchema<S> = S extends { readonly const: infer C }
  ? C
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : S extends { readonly anyOf: readonly (infer M)[] }
      ? FromMember<M>
      : S extends { readonly oneOf: readonly (infer M)[] }
        ? FromMember<M>
        : S extends { readonly type: infer T }
          ? T extends readonly JsonTypeName[]
            ? FromTypeName<S, T[number]>
            : T extends JsonTypeName
              ? FromTypeName<S, T>
              : unknown
          : unknown;

type JsonTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

// Distributes over the members of anyOf/oneOf.
type FromMember<M> = M extends unknown ? FromJsonSchema<M> : never;

// Distributes over the names of a `type` array.
type FromTypeName<S, T> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? FromArray<S>
          : T extends 'object'
            ? FromObject<S>
            : unknown;

type FromArray<S> = S extends { readonly items: infer I } ? FromJsonSchema<I>[] : unknown[];

type FromObject<S> = S extends { readonly properties: infer P }
  ? Simplify<
      { -readonly [K in keyof P as K extends RequiredKeys<S> ? K : never]: FromJsonSchema<P[K]> } & {
        -readonly [K in keyof P as K extends RequiredKeys<S> ? never : K]?: FromJsonSchema<P[K]>;
      }
    >
  : Record<string, unknown>;

// A `required` list typed only as string[] names no key for certain: then every property is optional.
type RequiredKeys<S> = S extends { readonly required: readonly (infer R)[] } ? (string extends R ? never : R) : never;

// One object type in hovers and errors, instead of an intersection of two mapped types.
type Simplify<T> = { [K in keyof T]: T[K] } & {};

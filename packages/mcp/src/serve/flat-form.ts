import type { ElicitRequestFormParams } from '@modelcontextprotocol/sdk/types.js';
import { formField, type FormField } from './form-field.ts';

/** An elicitation form for an object resume schema, and how its flat answer becomes the (nested) resume value. */
export interface FlatForm {
  requestedSchema: ElicitRequestFormParams['requestedSchema'];
  toValue(content: Record<string, unknown>): Record<string, unknown>;
}

/** A field of the form: its dotted key, where its answer goes in the resume value, and whether the form requires it. */
interface Leaf {
  key: string;
  path: string[];
  required: boolean;
  field: FormField;
}

/** Objects deeper than this (four keys down) are asked as JSON text rather than spread into more fields. */
const MAX_DEPTH = 4;

type Schema = Record<string, unknown>;
const asSchema = (value: unknown): Schema | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;
const propertiesOf = (schema: Schema): Schema | undefined => (schema['type'] === 'object' ? asSchema(schema['properties']) : undefined);

/**
 * The flat form for an object schema: forms hold no objects, so a nested
 * object's fields get dotted keys (`address.city`) and titles built from the
 * path (each object's `title`, else its key: `address › city`). A field is
 * required only when every object on its path is. `toValue` rebuilds the
 * nested value, leaving out optional fields answered with nothing (or an
 * empty string), and keeping required objects even when all their fields
 * were left empty. Undefined when the schema is not an object with
 * `properties`, or when two fields would get the same key (`a.b` beside
 * `a: { b }`).
 */
export function flatForm(schema: Schema): FlatForm | undefined {
  if (!propertiesOf(schema)) return undefined;
  const leaves: Leaf[] = [];
  const objects: string[][] = [];
  collect(schema, { path: [], titles: [], required: true }, leaves, objects);
  const keys = new Set(leaves.map((l) => l.key));
  if (keys.size !== leaves.length) return undefined;
  const required = leaves.filter((l) => l.required).map((l) => l.key);
  return {
    requestedSchema: {
      type: 'object',
      properties: Object.fromEntries(leaves.map((l) => [l.key, l.field.schema])),
      ...(required.length > 0 ? { required } : {}),
    },
    toValue: (content) => {
      const value: Record<string, unknown> = {};
      for (const path of objects) setAt(value, path, {}, false);
      for (const leaf of leaves) {
        const answer = content[leaf.key];
        if (answer === undefined || (answer === '' && !leaf.required)) continue;
        setAt(value, leaf.path, leaf.field.read(answer), true);
      }
      return value;
    },
  };
}

/** Walks an object schema depth first: a leaf per field, and the path of every required object (parents before children). */
function collect(schema: Schema, at: { path: string[]; titles: string[]; required: boolean }, leaves: Leaf[], objects: string[][]): void {
  const properties = propertiesOf(schema) ?? {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'] : []);
  for (const [key, raw] of Object.entries(properties)) {
    // `true` (anything) and other schemas without keywords: a JSON field.
    const sub = asSchema(raw) ?? {};
    const own = typeof sub['title'] === 'string' ? sub['title'] : undefined;
    const next = { path: [...at.path, key], titles: [...at.titles, own ?? key], required: at.required && required.has(key) };
    if (propertiesOf(sub) && next.path.length < MAX_DEPTH) {
      if (next.required) objects.push(next.path);
      collect(sub, next, leaves, objects);
      continue;
    }
    const title = next.path.length === 1 ? own : next.titles.join(' › ');
    leaves.push({ key: next.path.join('.'), path: next.path, required: next.required, field: formField(sub, title) });
  }
}

/** Sets `value` at `path`, making the objects on the way; own properties only (a key named `__proto__` stays a key). */
function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown, overwrite: boolean): void {
  let into = target;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const existing = Object.hasOwn(into, key) ? into[key] : undefined;
    if (last && !overwrite && existing !== undefined) return;
    const next = last ? value : (asSchema(existing) ?? {});
    if (next !== existing) Object.defineProperty(into, key, { value: next, enumerable: true, writable: true, configurable: true });
    into = next as Record<string, unknown>;
  });
}

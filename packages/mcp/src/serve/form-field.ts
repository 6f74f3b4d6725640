import type { PrimitiveSchemaDefinition } from '@modelcontextprotocol/sdk/types.js';

/** One field of an elicitation form: what the client shows, and how its answer becomes (part of) the resume value. */
export interface FormField {
  /** The field as the form carries it: a string, a number or integer, a boolean, or a string enum. */
  schema: PrimitiveSchemaDefinition;
  /** True when the field takes JSON text, because the value's schema has no form field of its own. */
  json: boolean;
  /** The answer as the resume value wants it: JSON text parsed (text that is not JSON stays a string), anything else as it is. */
  read(answer: unknown): unknown;
}

/** The string formats a form field may carry (MCP's elicitation schema); a JSON Schema's other formats are left to the run. */
const FORMATS: ReadonlySet<unknown> = new Set(['email', 'uri', 'date', 'date-time']);
/** Past this length the schema is left out of a JSON field's description: a form is read by a person. */
const SHAPE_CHARS = 160;

/**
 * The form field for a JSON Schema. Elicitation forms take strings (with
 * `format`, `minLength`, `maxLength`), numbers and integers (`minimum`,
 * `maximum`), booleans and string enums (`enum`, a `const`, or a `oneOf` /
 * `anyOf` of string consts, whose titles become `enumNames`). Only what a
 * form may carry is kept: the rest (a `pattern`, `exclusiveMinimum`) is the
 * run's to check, against the whole resume schema. Anything else (an array,
 * a union of types, a `$ref`, an enum of numbers) is a string field that
 * takes JSON text.
 */
export function formField(schema: Record<string, unknown>, title: string | undefined): FormField {
  const text = {
    ...(title ? { title } : {}),
    ...(typeof schema['description'] === 'string' ? { description: schema['description'] } : {}),
  };
  const type = schema['type'];
  const choices = choicesOf(schema);
  if (choices)
    return plain({
      type: 'string',
      ...text,
      enum: choices.values,
      ...(choices.names ? { enumNames: choices.names } : {}),
      ...defaultOf<string>(schema, (d) => typeof d === 'string' && choices.values.includes(d)),
    });
  if ('enum' in schema || 'const' in schema) return jsonField(schema, text);
  if (type === 'boolean') return plain({ type, ...text, ...defaultOf<boolean>(schema, (d) => typeof d === 'boolean') });
  if (type === 'string')
    return plain({
      type,
      ...text,
      ...numbersOf(schema, ['minLength', 'maxLength']),
      ...(FORMATS.has(schema['format']) ? { format: schema['format'] as 'email' } : {}),
      ...defaultOf<string>(schema, (d) => typeof d === 'string'),
    });
  if (type === 'number' || type === 'integer')
    return plain({
      type,
      ...text,
      ...numbersOf(schema, ['minimum', 'maximum']),
      ...defaultOf<number>(schema, (d) => typeof d === 'number'),
    });
  return jsonField(schema, text);
}

const plain = (schema: PrimitiveSchemaDefinition): FormField => ({ schema, json: false, read: (answer) => answer });

/** A string field for JSON text; its description gives the schema when it is short. */
function jsonField(schema: Record<string, unknown>, text: { title?: string; description?: string }): FormField {
  const { $schema: _, title: _title, description: _description, ...shape } = schema;
  const json = JSON.stringify(shape);
  const how = `as JSON${Object.keys(shape).length > 0 && json.length <= SHAPE_CHARS ? ` matching ${json}` : ''} (text that is not JSON is taken as a string)`;
  const description = text.description ? `${text.description}; ${how}` : `${how[0]!.toUpperCase()}${how.slice(1)}`;
  return {
    schema: { type: 'string', ...(text.title ? { title: text.title } : {}), description },
    json: true,
    read: (answer) => {
      if (typeof answer !== 'string') return answer;
      try {
        return JSON.parse(answer) as unknown;
      } catch {
        return answer;
      }
    },
  };
}

/** The string choices a schema allows, with their titles when every choice has one; undefined when it is not a string enum. */
function choicesOf(schema: Record<string, unknown>): { values: string[]; names?: string[] } | undefined {
  if (schema['type'] !== undefined && schema['type'] !== 'string') return undefined;
  const list = schema['enum'];
  if (Array.isArray(list) && list.length > 0 && list.every((v) => typeof v === 'string')) {
    const names = schema['enumNames'];
    const named = Array.isArray(names) && names.length === list.length && names.every((n) => typeof n === 'string');
    return { values: list, ...(named ? { names } : {}) };
  }
  if (typeof schema['const'] === 'string') return { values: [schema['const']] };
  const alternatives = schema['oneOf'] ?? schema['anyOf'];
  if (!Array.isArray(alternatives) || alternatives.length === 0) return undefined;
  const consts = alternatives.map((a) => (a !== null && typeof a === 'object' ? (a as Record<string, unknown>) : {}));
  if (!consts.every((a) => typeof a['const'] === 'string' && (a['type'] === undefined || a['type'] === 'string'))) return undefined;
  const titled = consts.every((a) => typeof a['title'] === 'string');
  return { values: consts.map((a) => a['const'] as string), ...(titled ? { names: consts.map((a) => a['title'] as string) } : {}) };
}

/** The numeric keywords given; bounds at the safe-integer limits (how Zod writes `.int()`) say nothing to a person and are left out. */
function numbersOf<K extends string>(schema: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const key of keys) {
    const n = schema[key];
    if (typeof n === 'number' && Math.abs(n) < Number.MAX_SAFE_INTEGER) out[key] = n;
  }
  return out;
}

/** The schema's `default`, when the field can carry it. */
const defaultOf = <T>(schema: Record<string, unknown>, fits: (d: unknown) => boolean): { default?: T } =>
  fits(schema['default']) ? { default: schema['default'] as T } : {};

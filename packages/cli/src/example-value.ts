/** Past this length the example stops helping: the plain placeholder is printed instead. */
const MAX_LENGTH = 160;
const MAX_DEPTH = 4;

type Schema = Record<string, unknown>;

/**
 * A value for a printed `weft resume --value '…'`, shaped by the JSON Schema
 * an interrupt's record carries (`resumeSchema`): what the schema fixes is
 * written out (`const`, a single `enum` value, `null`), every other leaf is a
 * `<type>` placeholder for the person to replace with JSON —
 * `{"approved":<boolean>,"note":<string>}`. Objects show their required
 * properties (all of them when none is required), lists one item. The
 * placeholders keep the text from being valid JSON until it is filled in, so
 * pasting it unedited answers nothing. Undefined when the schema says too
 * little (or too much) to help: the caller prints `<json>`.
 */
export function exampleValue(schema: unknown): string | undefined {
  const text = example(schema, 0);
  return text === undefined || text === '<json>' || text.length > MAX_LENGTH ? undefined : text;
}

function example(schema: unknown, depth: number): string | undefined {
  if (schema === true || schema === undefined) return '<json>';
  if (!isSchema(schema) || depth > MAX_DEPTH) return undefined;
  if (Object.hasOwn(schema, 'const')) return JSON.stringify(schema['const']);
  const choices = schema['enum'];
  if (Array.isArray(choices) && choices.length > 0) return choices.length === 1 ? JSON.stringify(choices[0]) : oneOf(choices);
  const variants = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(variants) && variants.length > 0) {
    const leaves = variants.map((v) => example(v, depth + 1));
    if (leaves.some((l) => l === undefined)) return undefined;
    // Simple types join into one placeholder (`<string|null>`); otherwise the first shape stands for all.
    const names = leaves.map((l) => (l === 'null' ? 'null' : /^<[a-z]+>$/.test(l!) ? l!.slice(1, -1) : undefined));
    return names.every((n) => n !== undefined) ? `<${names.join('|')}>` : leaves[0];
  }
  const type = schema['type'];
  if (Array.isArray(type)) return type.every((t) => typeof t === 'string') ? `<${type.join('|')}>` : undefined;
  switch (type) {
    case 'object':
      return objectExample(schema, depth);
    case 'array': {
      const item = example(schema['items'], depth + 1);
      return item === undefined ? undefined : `[${item}]`;
    }
    case 'null':
      return 'null';
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return `<${type}>`;
    default:
      return '<json>';
  }
}

function objectExample(schema: Schema, depth: number): string | undefined {
  const properties = schema['properties'];
  if (!isSchema(properties)) return '<object>';
  const required = Array.isArray(schema['required']) ? schema['required'].filter((k): k is string => typeof k === 'string') : [];
  const keys = required.length ? required.filter((k) => Object.hasOwn(properties, k)) : Object.keys(properties);
  const parts: string[] = [];
  for (const key of keys) {
    const value = example(properties[key], depth + 1);
    if (value === undefined) return undefined;
    parts.push(`${JSON.stringify(key)}:${value}`);
  }
  return `{${parts.join(',')}}`;
}

/** `<"draft"|"final">`: one of the listed values, written as JSON. */
function oneOf(choices: unknown[]): string {
  return `<${choices.map((c) => JSON.stringify(c)).join('|')}>`;
}

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

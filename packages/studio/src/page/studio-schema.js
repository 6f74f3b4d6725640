// @ts-check
/**
 * The part of JSON Schema the page checks before it sends a value (edited
 * tool arguments, a resume form): type, enum, const, required, properties,
 * additionalProperties: false, items, and numeric and string bounds. The
 * server checks again; this only saves a round trip and says where the
 * problem is.
 */

/** @typedef {Record<string, unknown>} Schema */

/**
 * What is wrong with `value` for `schema`, as `path: problem` lines (none: it fits).
 * @param {unknown} value
 * @param {unknown} schema
 * @param {string} [at] where `value` sits, for the messages
 * @returns {string[]}
 */
function schemaProblems(value, schema, at = '') {
  if (!isRecord(schema)) return [];
  const where = at || 'the value';
  const types = typeof schema['type'] === 'string' ? [schema['type']] : Array.isArray(schema['type']) ? schema['type'] : [];
  if (types.length > 0 && !types.some((t) => hasType(value, String(t)))) return [`${where}: must be ${types.join(' or ')}`];
  if (Array.isArray(schema['enum']) && !schema['enum'].some((v) => sameJson(v, value)))
    return [`${where}: must be one of ${schema['enum'].map((v) => JSON.stringify(v)).join(', ')}`];
  if ('const' in schema && !sameJson(schema['const'], value)) return [`${where}: must be ${JSON.stringify(schema['const'])}`];
  if (typeof value === 'number') return numberProblems(value, schema, where);
  if (typeof value === 'string') return stringProblems(value, schema, where);
  if (Array.isArray(value)) return value.flatMap((item, i) => schemaProblems(item, schema['items'], `${at}[${i}]`));
  if (isRecord(value)) return objectProblems(value, schema, at);
  return [];
}

/** @param {unknown} value @param {string} type */
function hasType(value, type) {
  switch (type) {
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'object':
      return isRecord(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** @param {number} value @param {Schema} schema @param {string} where */
function numberProblems(value, schema, where) {
  const n = (/** @type {string} */ key) => (typeof schema[key] === 'number' ? /** @type {number} */ (schema[key]) : undefined);
  const out = [];
  const [min, max, xmin, xmax] = [n('minimum'), n('maximum'), n('exclusiveMinimum'), n('exclusiveMaximum')];
  if (min !== undefined && value < min) out.push(`${where}: must be at least ${min}`);
  if (max !== undefined && value > max) out.push(`${where}: must be at most ${max}`);
  if (xmin !== undefined && value <= xmin) out.push(`${where}: must be more than ${xmin}`);
  if (xmax !== undefined && value >= xmax) out.push(`${where}: must be less than ${xmax}`);
  return out;
}

/** @param {string} value @param {Schema} schema @param {string} where */
function stringProblems(value, schema, where) {
  const out = [];
  if (typeof schema['minLength'] === 'number' && value.length < schema['minLength'])
    out.push(`${where}: must have at least ${schema['minLength']} characters`);
  if (typeof schema['maxLength'] === 'number' && value.length > schema['maxLength'])
    out.push(`${where}: must have at most ${schema['maxLength']} characters`);
  if (typeof schema['pattern'] === 'string') {
    try {
      if (!new RegExp(schema['pattern'], 'u').test(value)) out.push(`${where}: must match ${schema['pattern']}`);
    } catch {
      // A pattern JavaScript cannot read: the server judges it.
    }
  }
  return out;
}

/** @param {Record<string, unknown>} value @param {Schema} schema @param {string} at */
function objectProblems(value, schema, at) {
  const props = isRecord(schema['properties']) ? schema['properties'] : {};
  const key = (/** @type {string} */ k) => (at ? `${at}.${k}` : k);
  const out = [];
  for (const k of Array.isArray(schema['required']) ? schema['required'] : [])
    if (!(String(k) in value)) out.push(`${key(String(k))}: is required`);
  for (const [k, v] of Object.entries(value)) {
    if (k in props) out.push(...schemaProblems(v, props[k], key(k)));
    else if (schema['additionalProperties'] === false) out.push(`${key(k)}: is not allowed here (no such property)`);
    else if (isRecord(schema['additionalProperties'])) out.push(...schemaProblems(v, schema['additionalProperties'], key(k)));
  }
  return out;
}

/** @param {unknown} a @param {unknown} b */
function sameJson(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** @typedef {{ name: string, schema: Schema, required: boolean }} FlatField */

/**
 * The fields of a form for `schema` when it is a primitive (one field, name
 * '') or an object whose properties are all primitives; undefined otherwise.
 * @param {unknown} schema
 * @returns {FlatField[] | undefined}
 */
function flatFields(schema) {
  if (!isRecord(schema)) return undefined;
  if (isPrimitiveSchema(schema)) return [{ name: '', schema, required: true }];
  if (schema['type'] !== 'object' || !isRecord(schema['properties'])) return undefined;
  const required = Array.isArray(schema['required']) ? schema['required'].map(String) : [];
  const fields = Object.entries(schema['properties']).map(([name, s]) => ({
    name,
    schema: isRecord(s) ? s : {},
    required: required.includes(name),
  }));
  return fields.every((f) => isPrimitiveSchema(f.schema)) ? fields : undefined;
}

/** A string, number, integer or boolean, or an enum of primitives. @param {Schema} schema */
function isPrimitiveSchema(schema) {
  if (Array.isArray(schema['enum'])) return schema['enum'].every((v) => v === null || typeof v !== 'object');
  return ['string', 'number', 'integer', 'boolean'].includes(String(schema['type']));
}

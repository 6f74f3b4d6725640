/**
 * The value of an output that may be JSON text: an agent answering with
 * structured data often answers with its JSON as text. A string that parses
 * as JSON gives the parsed value; any other value (a string that is not
 * JSON included) is returned as it is.
 *
 * @example
 * jsonOrText('{"city":"Oslo"}'); // { city: 'Oslo' }
 * jsonOrText('Oslo'); // 'Oslo'
 */
export function jsonOrText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

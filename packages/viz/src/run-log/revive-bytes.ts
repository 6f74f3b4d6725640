/**
 * The key of a run log's binary value: `{"$bytes": "<base64>"}` stands for a
 * `Uint8Array` (an image or a file a message carries), 4/3 of its size,
 * where plain JSON would spell each byte out as a numbered field.
 */
export const BYTES_KEY = '$bytes';

/**
 * A `JSON.parse` reviver that turns `{"$bytes": "<base64>"}` (that key
 * alone, a string value) back into a `Uint8Array`; every other value is
 * left as it is.
 *
 * @example
 * JSON.parse('{"data":{"$bytes":"iVBORw=="}}', reviveBytes); // { data: Uint8Array(5) [137, 80, 78, 71, 0] }
 */
export function reviveBytes(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const base64 = (value as Record<string, unknown>)[BYTES_KEY];
  if (keys.length !== 1 || typeof base64 !== 'string') return value;
  const bytes = Buffer.from(base64, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

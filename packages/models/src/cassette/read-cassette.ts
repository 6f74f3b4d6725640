import { compileJtd } from '../compile-jtd.ts';
import { FINISH_REASONS } from '../is-finish-reason.ts';
import { MissingBlob, resolveBlobs, sha256 } from './cassette-bytes.ts';
import { CASSETTE_VERSION, cassetteEntrySchema, type CassetteEntry } from './cassette-entry.ts';
import { cassetteLineError, readJsonLines, type JsonLine } from './read-json-lines.ts';

/** A cassette entry and the line it came from (1-based), for error messages. */
export interface CassetteLine {
  entry: CassetteEntry;
  line: number;
}

/**
 * Reads and checks a cassette file: one entry per non-blank line, and the
 * blob lines that hold the bytes entries refer to (resolved into the entries
 * as `Uint8Array`s). A missing file, the first bad line, a blob whose bytes do
 * not have its hash or a reference to no blob is a CASSETTE_INVALID error
 * naming the file and line.
 */
export async function readCassette(file: string): Promise<CassetteLine[]> {
  const lines: CassetteLine[] = [];
  const blobs = new Map<string, Uint8Array>();
  const parsed: JsonLine[] = [];
  for (const { value, line } of await readJsonLines(file, 'recordModel')) {
    const blob = toBlob(value);
    if (typeof blob === 'string') throw cassetteLineError(file, line, blob);
    else if (blob) blobs.set(blob.hash, blob.bytes);
    else parsed.push({ value, line });
  }
  for (const { value, line } of parsed) {
    let resolved: unknown;
    try {
      resolved = resolveBlobs(value, blobs);
    } catch (err) {
      if (!(err instanceof MissingBlob)) throw err;
      throw cassetteLineError(file, line, `refers to bytes ${err.hash} that no blob line holds`);
    }
    const entry = toEntry(resolved);
    if (typeof entry === 'string') throw cassetteLineError(file, line, entry);
    lines.push({ entry, line });
  }
  return lines;
}

/** A blob line's bytes (checked against its hash), a problem, or undefined for an entry line. */
function toBlob(value: unknown): { hash: string; bytes: Uint8Array } | string | undefined {
  if (value === null || typeof value !== 'object' || !('blob' in value)) return undefined;
  const { blob, base64 } = value as { blob?: unknown; base64?: unknown };
  if (typeof blob !== 'string' || typeof base64 !== 'string') return 'a blob line must be { v, blob: <sha-256>, base64 }';
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (sha256(bytes) !== blob) return `the bytes of blob ${blob} do not have that sha-256 (the file was changed)`;
  return { hash: blob, bytes };
}

const checkEntry = compileJtd(cassetteEntrySchema);

/** The problem, or the entry: a line first shows its version, then the shape of that version. */
function toEntry(value: unknown): CassetteEntry | string {
  const checked = checkEntry(value);
  if (!checked.ok && checked.path.length === 0) return 'not a JSON object';
  // An object, the check says: a line of another version may have another shape, so its version speaks first.
  const version = (value as { v?: unknown }).v;
  if (version !== CASSETTE_VERSION) return `"v" is ${JSON.stringify(version)}, expected ${CASSETTE_VERSION}`;
  if (!checked.ok) return shapeProblem(checked.path);
  const { response, streamed } = checked.value;
  const kinds = (['message', 'chunks', 'error'] as const).filter((k) => response[k] !== undefined);
  if (kinds.length !== 1) return '"response" must have exactly one of "message", "chunks" or "error"';
  if (streamed && kinds[0] === 'message') return 'a streamed call must have "chunks" or "error", not "message"';
  if (!streamed && kinds[0] === 'chunks') return 'a generate() call must have "message" or "error", not "chunks"';
  // What the two checks above established is what the union in `CassetteResponse` says.
  return checked.value as CassetteEntry;
}

/** The message for the first place a line differs from the schema, in the words of what the field must be. */
function shapeProblem([field, part, ...rest]: readonly string[]): string {
  const reasons = FINISH_REASONS.join(', ');
  switch (`${field}.${part ?? ''}`) {
    case 'model.':
      return 'missing "model" (a string)';
    case 'streamed.':
      return 'missing "streamed" (a boolean)';
    case 'request.messages':
      return '"request.messages" must be a list of messages';
    case 'request.tools':
      return '"request.tools" must be a list of tool specs';
    case 'request.output':
      return '"request.output" must be { name, description?, schema }';
    case 'response.error':
      return rest[0] === 'code' ? '"response.error.code" must be a string' : '"response.error" must be { name, message, code? }';
    case 'response.message':
      return rest[0] === 'finishReason'
        ? `"response.message.finishReason" must be one of ${reasons}`
        : '"response.message" must be a message';
    case 'response.chunks':
      return rest[1] === 'finishReason'
        ? `"response.chunks[${rest[0]}].finishReason" must be one of ${reasons}`
        : '"response.chunks" must be a list of chunk objects';
    default:
      return field === 'request' ? 'missing "request" (an object)' : 'missing "response" (an object)';
  }
}

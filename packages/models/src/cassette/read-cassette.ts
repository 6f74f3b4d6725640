import { readFile } from 'node:fs/promises';
import { compileJtd } from '../compile-jtd.ts';
import { ModelError } from '../errors.ts';
import { FINISH_REASONS } from '../is-finish-reason.ts';
import { CASSETTE_VERSION, cassetteEntrySchema, type CassetteEntry } from './cassette-entry.ts';

/** A cassette entry and the line it came from (1-based), for error messages. */
export interface CassetteLine {
  entry: CassetteEntry;
  line: number;
}

/**
 * Reads and checks a cassette file: one entry per non-blank line. A missing
 * file or the first bad line is a CASSETTE_INVALID error naming the file and line.
 */
export async function readCassette(file: string): Promise<CassetteLine[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const missing = (err as { code?: unknown }).code === 'ENOENT';
    const message = missing ? `cassette ${file} does not exist (record it first with recordModel)` : `cannot read cassette ${file}`;
    throw new ModelError('CASSETTE_INVALID', message, { cause: err, details: { file } });
  }
  const lines: CassetteLine[] = [];
  text.split('\n').forEach((raw, i) => {
    const source = raw.trim();
    if (source === '') return;
    const line = i + 1;
    const bad = (problem: string, cause?: unknown): never => {
      throw new ModelError('CASSETTE_INVALID', `cassette ${file} line ${line}: ${problem}`, { cause, details: { file, line } });
    };
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch (err) {
      bad(`not JSON (${err instanceof Error ? err.message : String(err)})`, err);
    }
    const entry = toEntry(value);
    if (typeof entry === 'string') bad(entry);
    else lines.push({ entry, line });
  });
  return lines;
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

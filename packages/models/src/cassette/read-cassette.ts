import { readFile } from 'node:fs/promises';
import { ModelError } from '../errors.ts';
import { FINISH_REASONS, isFinishReason } from '../is-finish-reason.ts';
import { CASSETTE_VERSION, type CassetteEntry } from './cassette-entry.ts';

/** A cassette entry and the line it came from (1-based), for error messages. */
export interface CassetteLine {
  entry: CassetteEntry;
  line: number;
}

type Fields = Record<string, unknown>;

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
    const problem = entryProblem(value);
    if (problem) bad(problem);
    lines.push({ entry: value as CassetteEntry, line });
  });
  return lines;
}

/** What is wrong with a parsed line, or undefined when it is an entry. */
function entryProblem(value: unknown): string | undefined {
  if (!isFields(value)) return 'not a JSON object';
  if (value['v'] !== CASSETTE_VERSION) return `"v" is ${JSON.stringify(value['v'])}, expected ${CASSETTE_VERSION}`;
  if (typeof value['model'] !== 'string') return 'missing "model" (a string)';
  if (typeof value['streamed'] !== 'boolean') return 'missing "streamed" (a boolean)';
  const request = value['request'];
  if (!isFields(request)) return 'missing "request" (an object)';
  if (!Array.isArray(request['messages']) || !request['messages'].every(isMessage)) return '"request.messages" must be a list of messages';
  if (!Array.isArray(request['tools']) || !request['tools'].every((t) => isFields(t) && typeof t['name'] === 'string'))
    return '"request.tools" must be a list of tool specs';
  // Absent in cassettes recorded before structured output, and for calls that asked for none.
  const output = request['output'];
  if (output !== undefined && !(isFields(output) && typeof output['name'] === 'string' && isFields(output['schema'])))
    return '"request.output" must be { name, description?, schema }';
  return responseProblem(value['response'], value['streamed']);
}

function responseProblem(response: unknown, streamed: boolean): string | undefined {
  if (!isFields(response)) return 'missing "response" (an object)';
  const kinds = ['message', 'chunks', 'error'].filter((k) => response[k] !== undefined);
  if (kinds.length !== 1) return '"response" must have exactly one of "message", "chunks" or "error"';
  const error = response['error'];
  if (error !== undefined) {
    if (!isFields(error) || typeof error['name'] !== 'string' || typeof error['message'] !== 'string')
      return '"response.error" must be { name, message, code? }';
    if (error['code'] !== undefined && typeof error['code'] !== 'string') return '"response.error.code" must be a string';
    return undefined;
  }
  if (response['message'] !== undefined) {
    if (streamed) return 'a streamed call must have "chunks" or "error", not "message"';
    if (!isMessage(response['message'])) return '"response.message" must be a message';
    return finishReasonProblem(response['message'], '"response.message.finishReason"');
  }
  if (!streamed) return 'a generate() call must have "message" or "error", not "chunks"';
  const chunks = response['chunks'];
  if (!(Array.isArray(chunks) && chunks.every(isFields))) return '"response.chunks" must be a list of chunk objects';
  return chunks.map((chunk, i) => finishReasonProblem(chunk, `"response.chunks[${i}].finishReason"`)).find(Boolean);
}

/** A finish reason is optional (cassettes older than it have none), but must be one Weft knows. */
function finishReasonProblem(fields: Fields, at: string): string | undefined {
  const reason = fields['finishReason'];
  return reason === undefined || isFinishReason(reason) ? undefined : `${at} must be one of ${FINISH_REASONS.join(', ')}`;
}

function isMessage(value: unknown): value is Fields {
  return isFields(value) && typeof value['role'] === 'string' && typeof value['content'] === 'string';
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

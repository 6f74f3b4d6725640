import { ModelError } from '../errors.ts';
import { vectorProblem } from './vector-problem.ts';

/** What the answer is read against: the request's size and dimensions, and where it came from (for the error). */
export interface EmbeddingsRequestInfo {
  url: string;
  count: number;
  dimensions: number | undefined;
  status: number;
  attempt: number;
}

/**
 * The vectors of an `/embeddings` answer (`{ data: [{ index, embedding }] }`),
 * in the order of the texts sent: each goes where its `index` says, since
 * the API does not promise `data` in input order. Anything else (not JSON,
 * an index missing, repeated or out of range, base64 instead of numbers,
 * vectors of mixed or unasked-for lengths) is MODEL_RESPONSE_INVALID, which
 * is not retried: the same request would most likely get the same answer.
 */
export function readEmbeddingsResponse(text: string, at: EmbeddingsRequestInfo): number[][] {
  const fail = (problem: string, cause?: unknown): never => {
    const details = { status: at.status, attempt: at.attempt, body: text.length > 500 ? `${text.slice(0, 500)}…` : text };
    throw new ModelError('MODEL_RESPONSE_INVALID', `POST ${at.url} answered an invalid embeddings response: ${problem}`, {
      details,
      cause,
    });
  };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    fail('not JSON', err);
  }
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) return fail('no "data" list');
  if (data.length !== at.count) fail(`${data.length} embeddings for ${at.count} texts`);
  const vectors: unknown[] = new Array<unknown>(at.count);
  for (const [i, item] of data.entries()) {
    const { index, embedding } = (typeof item === 'object' && item !== null ? item : {}) as { index?: unknown; embedding?: unknown };
    if (!(typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < at.count))
      fail(`data[${i}].index must be an integer from 0 to ${at.count - 1}`);
    if (vectors[index as number] !== undefined) fail(`data[${i}].index ${String(index)} is repeated`);
    if (typeof embedding === 'string') fail(`data[${i}].embedding is base64; this embedder asks for encoding_format "float"`);
    vectors[index as number] = embedding;
  }
  const problem = vectorProblem(vectors, at.count, at.dimensions);
  if (problem !== undefined) fail(problem);
  return vectors as number[][];
}

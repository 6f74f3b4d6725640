import { FINISH_REASONS, isFinishReason } from './is-finish-reason.ts';

const OPTION_KEYS = ['usage', 'delayMs', 'chunkSize', 'stream', 'finishReason', 'reasoning'];
const ANSWER_KEYS = ['text', 'toolCalls', 'chunks', 'parts', ...OPTION_KEYS];
const OUTPUT_KEYS = ['output', ...OPTION_KEYS];
const ERROR_KEYS = ['error', 'delayMs'];
const TOOL_CALL_KEYS = ['name', 'arguments', 'id'];

type Fields = Record<string, unknown>;

/**
 * Adds one line to `issues` for every way `value` is not an answer item
 * (`{ text }`, `{ toolCalls }`, `{ chunks }`, `{ parts }`, `{ output }`, `{ error }` and their options).
 * `at` names the value in the lines, e.g. `script[2]`.
 */
export function checkAnswer(value: unknown, at: string, issues: string[]): void {
  if (!isFields(value)) {
    issues.push(`${at} must be an answer object or a function, got ${describeValue(value)}`);
    return;
  }
  if (value['error'] !== undefined) {
    checkKeys(value, ERROR_KEYS, at, issues, 'an error item');
    if (!(value['error'] instanceof Error)) issues.push(`${at}.error must be an Error, got ${describeValue(value['error'])}`);
    checkDelay(value, at, issues);
    return;
  }
  if (Object.hasOwn(value, 'output')) {
    checkKeys(value, OUTPUT_KEYS, at, issues, 'an output item');
    const problem = jsonProblem(value['output']);
    if (problem) issues.push(`${at}.output must be a JSON value: ${problem}`);
    checkOptions(value, at, issues);
    return;
  }
  if (value['text'] === undefined && value['toolCalls'] === undefined && value['chunks'] === undefined && value['parts'] === undefined) {
    issues.push(`${at} has none of text, toolCalls, chunks, parts, output or error (keys: ${Object.keys(value).join(', ') || 'none'})`);
    return;
  }
  checkKeys(value, ANSWER_KEYS, at, issues, 'an answer item');
  const texts = (['text', 'chunks', 'parts'] as const).filter((k) => value[k] !== undefined);
  if (texts.length > 1) issues.push(`${at} has ${texts.join(' and ')}; give one of them`);
  if (value['parts'] !== undefined) checkParts(value['parts'], `${at}.parts`, issues);
  if (value['text'] !== undefined && typeof value['text'] !== 'string')
    issues.push(`${at}.text must be a string, got ${describeValue(value['text'])}`);
  if (value['chunks'] !== undefined) checkChunks(value['chunks'], `${at}.chunks`, issues);
  if (value['toolCalls'] !== undefined) checkToolCalls(value['toolCalls'], `${at}.toolCalls`, issues);
  checkOptions(value, at, issues);
}

/** What every message answer may add: usage, delay, streaming and the finish reason. */
function checkOptions(value: Fields, at: string, issues: string[]): void {
  if (value['usage'] !== undefined) checkUsage(value['usage'], `${at}.usage`, issues);
  if (value['reasoning'] !== undefined && typeof value['reasoning'] !== 'string')
    issues.push(`${at}.reasoning must be a string, got ${describeValue(value['reasoning'])}`);
  const reason = value['finishReason'];
  if (reason !== undefined && !isFinishReason(reason))
    issues.push(`${at}.finishReason must be one of ${FINISH_REASONS.join(', ')}, got ${describeValue(reason)}`);
  checkDelay(value, at, issues);
  checkStreaming(value, at, issues);
}

/**
 * Why `value` has no JSON text that reads back as itself (undefined,
 * functions, NaN, class instances such as Date, cycles), or undefined when it has.
 */
function jsonProblem(value: unknown, seen: Set<object> = new Set()): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${value} is not a JSON number`;
  if (typeof value !== 'object') return `${value === undefined ? 'undefined' : `a ${typeof value}`} is not JSON`;
  const proto: unknown = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return 'it holds an object that is not plain data';
  if (seen.has(value)) return 'it refers to itself';
  seen.add(value);
  for (const item of Object.values(value)) {
    const problem = jsonProblem(item, seen);
    if (problem) return problem;
  }
  seen.delete(value);
  return undefined;
}

function checkKeys(value: Fields, allowed: readonly string[], at: string, issues: string[], what: string): void {
  const unknown = Object.keys(value).filter((k) => !allowed.includes(k));
  if (unknown.length)
    issues.push(
      `${at} has unknown key${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} for ${what} (allowed: ${allowed.join(', ')})`,
    );
}

/** Content parts: objects with a known `type` (their other fields are the parts' own business). */
function checkParts(parts: unknown, at: string, issues: string[]): void {
  const types = ['text', 'image', 'file', 'audio', 'reasoning'];
  if (!Array.isArray(parts)) issues.push(`${at} must be an array of content parts, got ${describeValue(parts)}`);
  else
    parts.forEach(
      (p, i) =>
        !(isFields(p) && types.includes(p['type'] as string)) &&
        issues.push(`${at}[${i}] must be a content part ({ type: ${types.join(' | ')}, … }), got ${describeValue(p)}`),
    );
}

function checkChunks(chunks: unknown, at: string, issues: string[]): void {
  if (!Array.isArray(chunks)) issues.push(`${at} must be an array of strings, got ${describeValue(chunks)}`);
  else chunks.forEach((c, i) => typeof c !== 'string' && issues.push(`${at}[${i}] must be a string, got ${describeValue(c)}`));
}

function checkToolCalls(calls: unknown, at: string, issues: string[]): void {
  if (!Array.isArray(calls)) {
    issues.push(`${at} must be an array of { name, arguments, id? }, got ${describeValue(calls)}`);
    return;
  }
  calls.forEach((call: unknown, i) => {
    const here = `${at}[${i}]`;
    if (!isFields(call)) {
      issues.push(`${here} must be an object { name, arguments, id? }, got ${describeValue(call)}`);
      return;
    }
    checkKeys(call, TOOL_CALL_KEYS, here, issues, 'a tool call');
    if (typeof call['name'] !== 'string' || call['name'] === '')
      issues.push(`${here}.name must be a non-empty string, got ${describeValue(call['name'])}`);
    const args = call['arguments'];
    if (typeof args !== 'string' && !isFields(args))
      issues.push(`${here}.arguments must be an object or JSON text, got ${describeValue(args)}`);
    if (call['id'] !== undefined && (typeof call['id'] !== 'string' || call['id'] === '')) {
      issues.push(`${here}.id must be a non-empty string when given, got ${describeValue(call['id'])}`);
    }
  });
}

function checkUsage(usage: unknown, at: string, issues: string[]): void {
  if (!isFields(usage)) {
    issues.push(`${at} must be { inputTokens, outputTokens }, got ${describeValue(usage)}`);
    return;
  }
  for (const key of ['inputTokens', 'outputTokens']) {
    const n = usage[key];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0)
      issues.push(`${at}.${key} must be a non-negative integer, got ${describeValue(n)}`);
  }
}

function checkDelay(value: Fields, at: string, issues: string[]): void {
  const ms = value['delayMs'];
  if (ms !== undefined && (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)) {
    issues.push(`${at}.delayMs must be a non-negative number, got ${describeValue(ms)}`);
  }
}

function checkStreaming(value: Fields, at: string, issues: string[]): void {
  const { stream, chunkSize } = value;
  if (stream !== undefined && typeof stream !== 'boolean') issues.push(`${at}.stream must be a boolean, got ${describeValue(stream)}`);
  if (chunkSize !== undefined && !isPositiveInteger(chunkSize)) {
    issues.push(`${at}.chunkSize must be a positive integer, got ${describeValue(chunkSize)}`);
  }
  if (stream === false && chunkSize !== undefined) issues.push(`${at} has chunkSize with stream: false; drop one of them`);
}

export function isPositiveInteger(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n > 0;
}

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short description of a bad value for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  return String(value);
}

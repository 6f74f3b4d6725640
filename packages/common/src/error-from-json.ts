import { WeftError, type WeftErrorJSON } from './weft-error.ts';

/**
 * An error that crossed a process boundary as JSON (a dispatched task's
 * failure), as a WeftError again: the same code, name, message, details,
 * `retryable` flag and causes.
 *
 * @example
 * const back = errorFromJSON(JSON.parse(JSON.stringify(new WeftError('NODE_FAILED', 'gone', { retryable: false }))));
 * [back.code, back.message, back.retryable]; // ['NODE_FAILED', 'gone', false]
 */
export function errorFromJSON(json: WeftErrorJSON): WeftError<string> {
  const cause = isErrorJSON(json.cause) ? errorFromJSON(json.cause) : json.cause;
  const err = new WeftError<string>(String(json.code), String(json.message), { details: json.details, cause, retryable: json.retryable });
  // The subclass it was (NodeError, AgentError, QueueError) survives as its name; its code is what to check.
  if (typeof json.name === 'string')
    Object.defineProperty(err, 'name', { value: json.name, enumerable: false, configurable: true, writable: true });
  return err;
}

function isErrorJSON(value: unknown): value is WeftErrorJSON {
  return value !== null && typeof value === 'object' && typeof (value as WeftErrorJSON).code === 'string' && 'message' in value;
}

import { CliError } from './errors.ts';

// Positions are found by re-parsing prefixes; past this size the engine's message has to do.
const LOCATE_LIMIT = 4000;

/**
 * Parses the JSON given to a flag (`--value`, `--input`…). When it is not
 * JSON, the error says where: the character (in a text of several lines, the
 * line and column) where parsing failed and the text before it, or that the
 * text ends too early. `from` names a file or stdin the text was read from
 * (see flagText).
 */
export function parseJsonFlag(flag: string, text: string, from?: { source: string; file?: string | undefined }): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const reason = (err as Error).message;
    const hint = from?.file !== undefined ? `fix the JSON in ${from.file}` : from ? 'send JSON on standard input' : jsonHint(flag, text);
    throw new CliError('JSON_INVALID', `${from?.source ?? flag} is not valid JSON: ${describeFailure(text, reason)}`, hint, {
      details: { flag, text },
    });
  }
}

function describeFailure(text: string, reason: string): string {
  if (text.trim() === '') return 'it is empty';
  const at = text.length <= LOCATE_LIMIT ? failurePosition(text) : undefined;
  if (at === undefined) return reason;
  if (at >= text.length) return `it ends too early (after ${excerpt(text)})`;
  return `unexpected ${JSON.stringify(text[at])} at ${where(text, at)} (after ${excerpt(text.slice(0, at))})`;
}

/**
 * The index of the first character no valid JSON text can continue with: the
 * shortest prefix that fails for a reason other than ending early. `length`
 * when every prefix could still become valid.
 */
function failurePosition(text: string): number | undefined {
  for (let k = 1; k <= text.length; k++) {
    const prefix = text.slice(0, k);
    try {
      JSON.parse(prefix);
    } catch (err) {
      const message = (err as Error).message;
      const position = /at position (\d+)/.exec(message)?.[1];
      const endsEarly = message.includes('end of JSON input') || (position !== undefined && Number(position) >= k);
      if (!endsEarly) return position !== undefined ? Number(position) : k - 1;
    }
  }
  return text.length;
}

/** `character 7`, or `line 3, column 5` in a text of several lines (a file). */
function where(text: string, at: number): string {
  const before = text.slice(0, at).split('\n');
  return before.length === 1 ? `character ${at + 1}` : `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

function excerpt(before: string): string {
  if (before === '') return 'nothing';
  return `'${before.length > 40 ? `…${before.slice(-40)}` : before}'`;
}

function jsonHint(flag: string, text: string): string {
  if (/^\s*\{\s*[A-Za-z_]/.test(text))
    return `JSON needs double quotes around names; quote the whole value for the shell: ${flag} '{"approved":true}'`;
  return `write JSON and quote it for the shell, e.g. ${flag} '{"approved":true}' or ${flag} '"a text"'`;
}

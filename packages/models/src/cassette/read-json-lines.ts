import { readFile } from 'node:fs/promises';
import { ModelError } from '../errors.ts';

/** One parsed line of a JSON-lines cassette, with its 1-based number. */
export interface JsonLine {
  value: unknown;
  line: number;
}

/**
 * The lines of a JSON-lines cassette (chat or embedding), blank lines left
 * out. A missing file says which recorder makes it; a line that is not
 * JSON is CASSETTE_INVALID naming the file and the line.
 */
export async function readJsonLines(file: string, recorder: 'recordModel' | 'recordEmbedder'): Promise<JsonLine[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const missing = (err as { code?: unknown }).code === 'ENOENT';
    const message = missing ? `cassette ${file} does not exist (record it first with ${recorder})` : `cannot read cassette ${file}`;
    throw new ModelError('CASSETTE_INVALID', message, { cause: err, details: { file } });
  }
  const lines: JsonLine[] = [];
  text.split('\n').forEach((raw, i) => {
    const source = raw.trim();
    if (source === '') return;
    try {
      lines.push({ value: JSON.parse(source) as unknown, line: i + 1 });
    } catch (err) {
      throw cassetteLineError(file, i + 1, `not JSON (${err instanceof Error ? err.message : String(err)})`, err);
    }
  });
  return lines;
}

/** The CASSETTE_INVALID error of one line. */
export function cassetteLineError(file: string, line: number, problem: string, cause?: unknown): ModelError {
  return new ModelError('CASSETTE_INVALID', `cassette ${file} line ${line}: ${problem}`, { cause, details: { file, line } });
}

/**
 * The commands a `weft` output prints for people to paste, read back the way
 * a shell reads them, so tests can run exactly what a person would.
 */

const BASH_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"', a: '\x07', e: '\x1b' };

/**
 * The words of a command line as bash passes them to the program: bare
 * words (with `\` escapes), `'…'`, and `$'…'` with its escapes (`\xHH` are
 * bytes, read as UTF-8). Reading stops at an unquoted `;` or the end.
 */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let i = 0;
  while (i < line.length) {
    while (line[i] === ' ') i++;
    if (i >= line.length || line[i] === ';') break;
    let bytes: number[] = [];
    const text = (s: string) => bytes.push(...Buffer.from(s, 'utf8'));
    while (i < line.length && line[i] !== ' ' && line[i] !== ';') {
      if (line[i] === "'") {
        const end = line.indexOf("'", i + 1);
        if (end < 0) throw new Error(`unclosed quote in ${JSON.stringify(line)}`);
        text(line.slice(i + 1, end));
        i = end + 1;
      } else if (line.startsWith("$'", i)) {
        i = readDollarQuote(line, i + 2, bytes);
      } else if (line[i] === '\\') {
        text(line[i + 1] ?? '');
        i += 2;
      } else if ('"`$|&<>(){}*?[~#!'.includes(line[i]!)) {
        throw new Error(`a shell would treat ${JSON.stringify(line[i])} specially in ${JSON.stringify(line)}`);
      } else {
        text(line[i]!);
        i++;
      }
    }
    words.push(Buffer.from(bytes).toString('utf8'));
    bytes = [];
  }
  return words;
}

function readDollarQuote(line: string, start: number, bytes: number[]): number {
  let i = start;
  while (i < line.length && line[i] !== "'") {
    if (line[i] !== '\\') {
      bytes.push(...Buffer.from(line[i]!, 'utf8'));
      i++;
      continue;
    }
    const c = line[i + 1]!;
    const hex = c === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(line.slice(i + 2)) : c === 'u' ? /^[0-9a-fA-F]{1,4}/.exec(line.slice(i + 2)) : null;
    if (hex) {
      if (c === 'x') bytes.push(parseInt(hex[0], 16));
      else bytes.push(...Buffer.from(String.fromCharCode(parseInt(hex[0], 16)), 'utf8'));
      i += 2 + hex[0].length;
    } else if (c in BASH_ESCAPES) {
      bytes.push(...Buffer.from(BASH_ESCAPES[c]!, 'utf8'));
      i += 2;
    } else throw new Error(`unknown escape \\${c} in ${JSON.stringify(line)}`);
  }
  if (line[i] !== "'") throw new Error(`unclosed $' in ${JSON.stringify(line)}`);
  return i + 1;
}

/**
 * Every command printed in an output: each `weft <command> …` on a `hint:`
 * line or on a line of its own (the "resume with:" command), up to an
 * unquoted `;` or the end of the line, as the words a shell would pass.
 */
export function printedCommands(output: string): string[][] {
  const found: string[][] = [];
  for (const line of output.split('\n')) {
    const hint = line.startsWith('hint: ');
    if (!hint && !/^\s+weft /.test(line)) continue;
    for (const m of line.matchAll(/(?:^|[\s:])weft (?=[a-z])/g)) {
      const words = shellWords(line.slice(m.index + m[0].indexOf('weft')));
      found.push(words);
    }
  }
  return found;
}

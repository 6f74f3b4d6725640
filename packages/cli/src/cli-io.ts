/**
 * Where a command reads and writes. The binary uses the process's own; tests
 * and embedders pass their own to capture output and pick the working folder.
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** All of standard input, for `--input -` and `--value -`; without it those are refused. */
  readStdin?: () => Promise<string>;
  /**
   * Aborted once nobody reads stdout any more (`weft history | head -1`): the
   * command stops as soon as it can (a run as on Ctrl-C: its checkpoints
   * stay) and exits with 0, without a word, as `git log | head` does.
   */
  outputClosed?: AbortSignal;
  /** Whether stderr is a terminal: progress is then drawn as a bar redrawn in place, else written as plain lines. */
  stderrIsTTY?: boolean;
}

/** The running process's streams, folder and environment. */
export function processIo(): CliIo {
  const closed = new AbortController();
  // A reader that went away makes the next write fail with EPIPE, emitted as an 'error' event that would
  // otherwise crash the process with a stack trace. Any other stdout failure leaves nowhere to write either.
  process.stdout.on('error', () => closed.abort());
  return {
    stdout: (text) => void (closed.signal.aborted || process.stdout.write(text)),
    stderr: (text) => void process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    readStdin: () => readAll(process.stdin),
    outputClosed: closed.signal,
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk as string;
  return text;
}

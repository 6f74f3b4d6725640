/**
 * Where a command reads and writes. The binary uses the process's own; tests
 * and embedders pass their own to capture output and pick the working folder.
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** The running process's streams, folder and environment. */
export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
  };
}

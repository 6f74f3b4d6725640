import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface CommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** Runs a program (no shell) to its end, with its output captured; a timeout kills it (code null). */
export function runCommand(file: string, args: readonly string[], { cwd, env, timeoutMs }: CommandOptions): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(file, args, { cwd, env, timeout: timeoutMs, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const end = (code: number | null, extra = '') => done({ code, stdout, stderr: stderr + extra, ms: performance.now() - started });
    child.on('error', (err) => end(null, String(err)));
    child.on('close', (code) => end(code));
  });
}

/** Why a command failed, with its output indented, for a FAIL line. */
export function describeFailure(what: string, r: CommandResult): string {
  const how = r.code === null ? 'was killed (timeout?)' : `exited with ${r.code}`;
  const output = `${r.stdout}${r.stderr}`.trimEnd().replace(/^/gm, '    ');
  return `${what} ${how}\n${output}`;
}

import { main } from '../src/main.ts';

export interface MainResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `weft …argv` in this process through `main()`, in `cwd`, with only the
 * environment given (no WEFT_STORE or WEFT_DEBUG from the shell): faster than
 * a process per command, for tests that run many.
 */
export async function runMain(argv: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<MainResult> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), cwd, env };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

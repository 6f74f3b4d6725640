import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `weft serve` from the installed packages: the CLI finds @weft/studio, the
 * page's own files ship in its tarball (it reads them at run time), and the
 * API runs the project's agent. Starts `weft serve agent.ts` on a free port,
 * reads the page and the graph, runs the agent to its end through the API,
 * then stops the server with SIGTERM (exit code 0). Returns what failed, or
 * undefined.
 */
export async function studioProblem(dir: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const child = spawn(join(dir, 'node_modules', '.bin', 'weft'), ['serve', 'agent.ts', '--port', '0', '--store', 'memory'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('close', done));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  try {
    const base = await openLine(child.stdout);
    if (!base) return `weft serve printed no address (exit ${await exited}): ${stderr}`;
    const page = await fetch(base);
    const html = await page.text();
    if (!/script-src 'sha256-/.test(page.headers.get('content-security-policy') ?? '') || !html.includes("'use strict'"))
      return `the page at ${base} lacks its script or its CSP (${html.length} bytes)`;
    const graph = (await (await fetch(new URL('/api/graph', base))).json()) as { kind?: string; svg?: string };
    if (graph.kind !== 'agent' || !graph.svg?.startsWith('<svg')) return `GET /api/graph gave ${JSON.stringify(graph).slice(0, 300)}`;
    const run = await fetch(new URL('/api/threads/new/runs', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: { query: 'Hello' }, wait: true }),
    });
    const end = (await run.json()) as { status?: string };
    if (run.status !== 200 || !['done', 'interrupted'].includes(end.status ?? ''))
      return `a run through the API gave ${run.status} ${JSON.stringify(end)}`;
    child.kill('SIGTERM');
    const code = await exited;
    return code === 0 ? undefined : `weft serve exited with ${code} after SIGTERM: ${stderr}`;
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** The address of the `open …` line, or undefined when the output ends first. */
async function openLine(stdout: NodeJS.ReadableStream): Promise<string | undefined> {
  for await (const line of createInterface({ input: stdout })) {
    const match = /^open (http:\/\/\S+?)(#.*)?$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

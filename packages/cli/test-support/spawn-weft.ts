import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LineProcess } from './line-process.ts';

/** The real binary, as users run it. */
export const WEFT_BIN = fileURLToPath(new URL('../bin/weft.js', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../test-fixtures/', import.meta.url));
export const SUPPORT_MODULE = fileURLToPath(new URL('../../../docs/examples/support/support.ts', import.meta.url));

export interface WeftResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh working folder: its `.weft/weft.db` starts empty. */
export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'weft-cli-'));

/** What would change the output: a real model, another store, stack traces, a token `weft mcp` would ask for, a worker's signing key. */
const UNSET = [
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'WEFT_STORE',
  'WEFT_DEBUG',
  'WEFT_PROJECT',
  'WEFT_LEASE_TTL_MS',
  'WEFT_MCP_TOKEN',
  'WEFT_STUDIO_TOKEN',
  'WEFT_SIGNING_KEY',
];

/**
 * The environment without what would change the output: UNSET, and the
 * variables a package manager gives its scripts (`npm_config_user_agent`,
 * `npm_execpath`, …), which make weft print `npx weft …` instead of
 * `weft …` (see weftLauncher) when the tests run through `pnpm test`.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (UNSET.includes(key) || /^npm_/i.test(key)) delete env[key];
  return { ...env, ...extra };
}

function collect(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<WeftResult> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

/** `node packages/cli/bin/weft.js …args` in `cwd`, in a new process. */
export function weft(args: string[], cwd: string, env: Record<string, string> = {}): Promise<WeftResult> {
  return collect(process.execPath, [WEFT_BIN, ...args], cwd, { ...cleanEnv(), ...env });
}

/** `weft …args` as a process the test talks to: its stdout line by line, its stdin open. */
export function weftProcess(args: string[], cwd: string, env: Record<string, string> = {}): LineProcess {
  return new LineProcess(process.execPath, [WEFT_BIN, ...args], { cwd, env: cleanEnv(env) });
}

/** `node --import tsx <script> …args` in `cwd`, in a new process (tsx from this package, wherever `cwd` is). */
export function tsxScript(script: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<WeftResult> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href;
  return collect(process.execPath, ['--import', tsx, script, ...args], cwd, cleanEnv(env));
}

/**
 * A module of the project in `dir` that re-exports `target` (a fixture): what
 * `weft resume` loads by itself must lie inside the project, as a person's
 * own modules do. Returns its file name, for `weft run <name>` in `dir`.
 */
export function projectModule(dir: string, target: string, name = basename(target)): string {
  writeFileSync(join(dir, name), `export * from ${JSON.stringify(target)};\n`);
  return name;
}

/**
 * Runs a command line exactly as printed (e.g. the resume command) through
 * `sh`, with a `weft` on the PATH that is this binary: the quoting is tested
 * by a real shell.
 */
export async function weftShell(commandLine: string, cwd: string): Promise<WeftResult> {
  const bin = mkdtempSync(join(tmpdir(), 'weft-bin-'));
  const shim = join(bin, 'weft');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${WEFT_BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  try {
    return await collect('/bin/sh', ['-c', commandLine], cwd, cleanEnv({ PATH: `${bin}:${process.env['PATH'] ?? ''}` }));
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
}

/**
 * Ids that change from run to run, replaced so whole outputs can be compared:
 * checkpoint ids are 24 hex digits (the process's random prefix), then a base-36 counter.
 */
export const normalizeIds = (text: string): string => text.replace(/\b[0-9a-f]{24}[0-9a-z]+\b/g, '<id>');

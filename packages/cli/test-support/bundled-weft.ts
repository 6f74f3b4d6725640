import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { WeftResult } from './spawn-weft.ts';

const CLI = fileURLToPath(new URL('../', import.meta.url));
/** Where projects that import @weft/* live in tests: inside this package, so the imports resolve to the workspace's sources. */
export const ARTIFACTS = join(CLI, 'test-artifacts');

/** Packages the bundle leaves as imports: tsx (the CLI registers it itself) and the optional peers that bring native code or servers. */
const EXTERNAL = /^(tsx|@weft\/(store-sqlite|store-postgres|viz|eval|bullmq|mcp|studio))(\/|$)/;

/**
 * The weft command as an installed package runs it: one JavaScript file that
 * Node loads without tsx, tsx registered by the CLI only when a module is
 * TypeScript. The workspace's binary differs: it registers tsx before the
 * CLI loads, and a CommonJS TypeScript module's exports then reach the CLI
 * by name, where an installed CLI sees one default object. Returns the
 * bundle's path (in a new folder under test-artifacts/).
 */
export async function bundleWeft(): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const outfile = join(mkdtempSync(join(ARTIFACTS, 'bundled-')), 'weft.mjs');
  await build({
    entryPoints: [join(CLI, 'src/bin.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@weft/source'],
    logLevel: 'error',
    plugins: [{ name: 'external', setup: (b) => void b.onResolve({ filter: EXTERNAL }, (a) => ({ path: a.path, external: true })) }],
  });
  return outfile;
}

/** `node <bundle> …args` in `cwd`; @weft/* that a module imports resolve to the workspace's sources. */
export function runBundled(bundle: string, args: string[], cwd: string): Promise<WeftResult> {
  return new Promise((done, fail) => {
    const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' };
    const child = spawn(process.execPath, ['--conditions=@weft/source', bundle, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}

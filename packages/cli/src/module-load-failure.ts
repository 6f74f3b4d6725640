import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from './errors.ts';

/**
 * Why a module could not be imported, said so a person can act on it
 * without WEFT_DEBUG: a syntax error as `file:line:column: message` (tsx's
 * esbuild error, or Node's own for JavaScript), and a package that is not
 * installed with the command that installs it, together with the other
 * packages the same file imports that are missing too.
 */
export function moduleLoadFailure(path: string, err: unknown): CliError {
  const syntax = syntaxError(err);
  if (syntax) return new CliError('MODULE_LOAD_FAILED', `cannot load ${path}: ${syntax}`, 'fix the syntax error', { cause: err });
  const missing = missingPackage(err);
  if (missing) {
    const packages = [missing.name, ...otherMissing(missing.importer, missing.name)];
    const install = `${packageManager(missing.importer)} ${packages.join(' ')}`;
    return new CliError(
      'MODULE_LOAD_FAILED',
      `cannot load ${path}: package ${missing.name} is not installed (imported from ${missing.importer})`,
      `install ${packages.length === 1 ? 'it' : 'them'} in the project: ${install}`,
      { cause: err, details: { missing: packages } },
    );
  }
  return new CliError(
    'MODULE_LOAD_FAILED',
    `cannot load ${path}: ${firstLine(err)}`,
    'fix the module; WEFT_DEBUG=1 shows the stack trace',
    {
      cause: err,
    },
  );
}

/** `file:line:column: message` of a syntax error, or undefined for any other failure. */
function syntaxError(err: unknown): string | undefined {
  const message = err instanceof Error ? err.message : String(err);
  // esbuild (through tsx): "Transform failed with 1 error:\n<file>:<line>:<column>: ERROR: <text>", the column from 0.
  const esbuild = /^Transform failed with (\d+) errors?:\n(.+):(\d+):(\d+): ERROR: (.*)$/m.exec(message);
  if (esbuild) {
    const [, count, file, line, column, text] = esbuild;
    const more = Number(count) > 1 ? ` (and ${Number(count) - 1} more)` : '';
    return `${file}:${line}:${Number(column) + 1}: ${text}${more}`;
  }
  // Node's own, for JavaScript: the stack starts with the file and line, then the line's text.
  if (err instanceof SyntaxError && typeof err.stack === 'string') {
    const at = /^(file:\/\/\S+|\/\S+):(\d+)\n/.exec(err.stack);
    if (at) return `${at[1]!.startsWith('file:') ? fileURLToPath(at[1]!) : at[1]}:${at[2]}: ${message}`;
  }
  return undefined;
}

function missingPackage(err: unknown): { name: string; importer: string } | undefined {
  const message = err instanceof Error ? err.message : '';
  const found = /^Cannot find (?:package|module) '([^'./][^']*)' imported from (.+)$/m.exec(message);
  if (found) return { name: packageOf(found[1]!), importer: found[2]!.startsWith('file:') ? fileURLToPath(found[2]!) : found[2]! };
  // A module loaded as CommonJS (a .cts file, or a package without "type": "module"): require's error names
  // no importer in its first line; the require stack starts with it.
  const required = /^Cannot find module '([^'./][^']*)'/.exec(message);
  const [importer] = ((err as { requireStack?: unknown }).requireStack as unknown[] | undefined) ?? [];
  return required && typeof importer === 'string' ? { name: packageOf(required[1]!), importer } : undefined;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The other packages `file` imports that are not installed either, so one command installs them all. */
function otherMissing(file: string, first: string): string[] {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"./][^'"]*)['"]/g)].map((m) => m[1]!);
  const names = new Set(specifiers.filter((s) => !isBuiltin(s)).map(packageOf));
  names.delete(first);
  return [...names].filter((name) => !installed(dirname(file), name));
}

function installed(dir: string, name: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules', ...name.split('/'), 'package.json'))) return true;
    if (dirname(d) === d) return false;
  }
}

/** The install command of the package manager whose lockfile is nearest the module (npm when there is none). */
function packageManager(file: string): string {
  const locks: [string, string][] = [
    ['pnpm-lock.yaml', 'pnpm add'],
    ['yarn.lock', 'yarn add'],
    ['bun.lock', 'bun add'],
    ['bun.lockb', 'bun add'],
    ['package-lock.json', 'npm install'],
  ];
  for (let d = dirname(file); ; d = dirname(d)) {
    const lock = locks.find(([name]) => existsSync(join(d, name)));
    if (lock) return lock[1];
    if (dirname(d) === d) return 'npm install';
  }
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0] ?? message;
}

import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { CliIo } from '../cli-io.ts';
import type { Command } from '../command.ts';
import { CliError } from '../errors.ts';
import { packageRoot } from '../package-root.ts';
import { projectFiles, type ProjectOptions } from '../init/project-files.ts';
import { parseCommandArgs } from '../parse-command-args.ts';
import { commandReach, launcherText } from '../printed-command.ts';
import { shellQuote } from '../shell-quote.ts';
import { terminalSafe } from '../terminal-safe.ts';

const USAGE = `usage: weft init [dir] [options]

Creates a project that uses Weft in dir (default: the current folder): a
package.json that depends on @weft/graph, @weft/agents, @weft/models,
@weft/store-sqlite and @weft/cli at this weft's version, and zod; a strict TypeScript
setup; an agent with a tool that asks for approval and a graph, both running
offline; a test of both with node:test; and npm scripts that run them with
weft. It installs nothing: run npm install (or your package manager) next.

options:
  --force        write into a folder that is not empty (files of the same name are replaced)
  --no-install   accepted for scripts that say so; weft init never installs`;

const OPTIONS = {
  force: { type: 'boolean' },
  'no-install': { type: 'boolean' },
} as const;

/** Entries a fresh folder may already have: `git init` before `weft init` is common. */
const HARMLESS = new Set(['.git']);

/** `weft init [dir]`: a new project, ready for npm install. */
export const initCommand: Command = {
  name: 'init',
  usage: USAGE,
  async execute(args, io) {
    const { values, positionals } = parseCommandArgs('init', args, OPTIONS, { names: ['dir'], required: 0 }, io);
    const dir = resolve(io.cwd, positionals[0] ?? '.');
    checkFolder(dir, values.force === true, launcherText(commandReach(io)));
    const files = projectFiles(projectOptions(dir));
    for (const [path, text] of Object.entries(files)) write(join(dir, ...path.split('/')), text);
    io.stdout(nextSteps(io, dir, Object.keys(files)));
    return 0;
  },
};

function checkFolder(dir: string, force: boolean, weft: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory())
    throw new CliError('FOLDER_NOT_EMPTY', `${dir} is a file, not a folder`, `name a new folder: ${weft} init <dir>`);
  const present = readdirSync(dir).filter((name) => !HARMLESS.has(name));
  if (present.length > 0 && !force) {
    const shown = present.slice(0, 5).join(', ') + (present.length > 5 ? `, … (${present.length} entries)` : '');
    throw new CliError(
      'FOLDER_NOT_EMPTY',
      `${dir} is not empty: ${shown}`,
      `name a new folder (${weft} init <dir>), or add --force to write the project files here, replacing files of the same name`,
    );
  }
}

function projectOptions(dir: string): ProjectOptions {
  // The CLI's own package.json: the version, and the ranges of the tools it is built with.
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const range = (name: string, fallback: string) => pkg.dependencies?.[name] ?? pkg.devDependencies?.[name] ?? fallback;
  return {
    name: packageName(basename(dir)),
    weftVersion: pkg.version,
    tools: {
      tsx: range('tsx', '^4.19.0'),
      typescript: range('typescript', '~5.9.3'),
      typesNode: range('@types/node', '^20.19.0'),
      zod: range('zod', '^4.0.0'),
    },
  };
}

/** A folder name as an npm package name: lower case, and only the characters npm allows. */
function packageName(folder: string): string {
  const name = folder
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[-._]+|-+$/g, '');
  return name || 'weft-project';
}

function write(file: string, text: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  } catch (err) {
    throw new CliError('FILE_UNWRITABLE', `cannot write ${file}: ${(err as Error).message}`, 'check that the folder is writable', {
      cause: err,
    });
  }
}

function nextSteps(io: CliIo, dir: string, files: string[]): string {
  const where = relative(io.cwd, dir);
  const lines = [
    `created a Weft project in ${dir}: ${files.join(', ')}`,
    '',
    'next:',
    ...(where === '' ? [] : [`  cd ${shellQuote(where)}`]),
    '  npm install',
    '  npm test        # the agent and the graph, offline (node:test)',
    '  npm start       # runs the agent: it stops to ask before booking and prints the weft resume command',
    '  npm run order   # runs the graph on order.json',
  ];
  return lines.map((line) => terminalSafe(line)).join('\n') + '\n';
}

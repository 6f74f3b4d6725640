import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import { packageRoot } from './package-root.ts';

/** What weftLauncher looks at besides the environment: whether a program is on the PATH, and where this weft is installed. */
export interface LauncherProbe {
  /** Whether `name` is an executable on `path`'s folders, not counting folders a package manager put there for its scripts. */
  onPath(name: string, path: string): boolean;
  /** The @weft/cli package's folder. */
  packageDir: string;
}

const PROBE: LauncherProbe = {
  onPath,
  get packageDir() {
    return packageRoot();
  },
};

/**
 * The words that start weft in the shell the person typed into, which is
 * how every command weft prints begins (see printedCommand). A command
 * that ran through a package manager must not print a bare `weft`: npm,
 * pnpm and yarn put the project's `node_modules/.bin` on the PATH of their
 * scripts only, so the person's shell answers `weft: command not found`.
 *
 * Read from the variables package managers give their scripts and exec'd
 * binaries (`npm_config_user_agent`, `npm_execpath`):
 *
 * - none (weft on the PATH, or started by path): `weft`;
 * - npm (`npm start`, `npm run`, `npx weft`, `npm exec`): `npx weft`, which
 *   runs the project's weft; `npx -y @weft/cli@<version>` when this weft is
 *   itself in npx's cache (`npx @weft/cli …` with no local install);
 * - pnpm: `pnpm weft` when pnpm is on the PATH, else `npx -y pnpm@<version>
 *   weft` (pnpm itself run through npx, as in a fresh checkout);
 * - yarn: `yarn weft`; bun: `bunx weft`.
 */
export function weftLauncher(env: Readonly<Record<string, string | undefined>>, probe: LauncherProbe = PROBE): readonly string[] {
  const agent = /^(npm|pnpm|yarn|bun)\/(\S+)/.exec(env['npm_config_user_agent'] ?? '');
  if (!agent && !env['npm_execpath']) return ['weft'];
  const [, manager, version] = agent ?? [];
  if (manager === 'pnpm') return probe.onPath('pnpm', env['PATH'] ?? '') ? ['pnpm', 'weft'] : ['npx', '-y', `pnpm@${version}`, 'weft'];
  if (manager === 'yarn') return ['yarn', 'weft'];
  if (manager === 'bun') return ['bunx', 'weft'];
  const dir = probe.packageDir;
  if (dir.split(sep).includes('_npx')) return ['npx', '-y', `@weft/cli@${cliVersion(dir)}`];
  return ['npx', 'weft'];
}

/**
 * Whether `name` is an executable in one of `path`'s folders. Folders under
 * node_modules (the project's `.bin`, npx's cache) and npm's node-gyp shim
 * folder do not count: a package manager adds them for its scripts only.
 */
function onPath(name: string, path: string): boolean {
  return path
    .split(delimiter)
    .filter((dir) => dir !== '' && !dir.split(sep).includes('node_modules'))
    .some((dir) => {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

function cliVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

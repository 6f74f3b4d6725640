import { delimiter, join } from 'node:path';

/**
 * The environment of every command run in the consumer project: this
 * process's, without what pnpm adds for the workspace. NODE_OPTIONS carries
 * `--conditions=@weft/source` there (see .npmrc), which would send Node to
 * the packages' src/ (the tarballs ship it for source maps) instead of dist/;
 * npm_* variables would configure the consumer's npm like pnpm's. The
 * project's node_modules/.bin comes first on PATH, as under `npx`.
 */
export function consumerEnv(projectDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_OPTIONS' || /^(npm|pnpm)_/i.test(key) || key === 'INIT_CWD' || key === 'PNPM_SCRIPT_SRC_DIR') continue;
    env[key] = value;
  }
  env['PATH'] = [join(projectDir, 'node_modules', '.bin'), env['PATH'] ?? ''].join(delimiter);
  env['NO_COLOR'] = '1';
  // better-sqlite3 compiles SQLite from source when no prebuilt binary can be fetched: use every core.
  env['JOBS'] = 'max';
  return env;
}
